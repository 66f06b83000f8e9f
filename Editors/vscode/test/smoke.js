// Drives extension.js's built-in client against a real `tipc lsp`, with a
// stand-in for the `vscode` module (VS Code itself cannot run here):
// node Editors/vscode/test/smoke.js <path to tipc>
"use strict";

const Module = require("module");
const assert = require("assert");
const fs = require("fs");
const os = require("os");
const path = require("path");

class Position { constructor(line, character) { this.line = line; this.character = character; } }
class Range { constructor(start, end) { this.start = start; this.end = end; } }
const providers = {};
const listeners = {};
const collection = new Map();
const documents = [];
const register = (name) => (_selector, provider) => { providers[name] = provider; return { dispose() {} }; };
const on = (name) => (listener) => { listeners[name] = listener; return { dispose() {} }; };
const vscode = {
  Position, Range,
  Location: class { constructor(uri, range) { this.uri = uri; this.range = range; } },
  Uri: { parse: (text) => ({ text, toString: () => text }) },
  TextEdit: class { constructor(range, newText) { this.range = range; this.newText = newText; } },
  WorkspaceEdit: class {
    constructor() { this.edits = []; }
    replace(uri, range, newText) { this.edits.push({ uri: uri.toString(), range, newText }); }
  },
  Diagnostic: class { constructor(range, message, severity) { Object.assign(this, { range, message, severity }); } },
  DiagnosticSeverity: { Error: 0, Warning: 1, Information: 2, Hint: 3 },
  DiagnosticRelatedInformation: class { constructor(location, message) { Object.assign(this, { location, message }); } },
  DocumentSymbol: class { constructor(name, detail, kind, range, selectionRange) { Object.assign(this, { name, kind }); } },
  SymbolInformation: class { constructor(name, kind) { Object.assign(this, { name, kind }); } },
  CodeAction: class { constructor(title, kind) { Object.assign(this, { title, kind }); } },
  CodeActionKind: { QuickFix: "quickfix" },
  Hover: class { constructor(contents, range) { Object.assign(this, { contents, range }); } },
  MarkdownString: class { constructor(value) { this.value = value; } },
  CompletionItem: class { constructor(label, kind) { Object.assign(this, { label, kind }); } },
  languages: {
    createDiagnosticCollection: () => ({
      set: (uri, list) => collection.set(uri.toString(), list), dispose() {},
    }),
    registerDocumentFormattingEditProvider: register("formatting"),
    registerCodeActionsProvider: register("codeActions"),
    registerHoverProvider: register("hover"),
    registerDefinitionProvider: register("definition"),
    registerReferenceProvider: register("references"),
    registerDocumentSymbolProvider: register("documentSymbols"),
    registerWorkspaceSymbolProvider: (provider) => { providers.workspaceSymbols = provider; return { dispose() {} }; },
    registerCompletionItemProvider: register("completion"),
    registerRenameProvider: register("rename"),
  },
  workspace: {
    getConfiguration: () => ({ get: () => process.argv[2] }),
    textDocuments: documents,
    onDidOpenTextDocument: on("open"),
    onDidChangeTextDocument: on("change"),
    onDidSaveTextDocument: on("save"),
    onDidCloseTextDocument: on("close"),
  },
  window: { showErrorMessage: (message) => { throw new Error(message); } },
};
const load = Module._load;
Module._load = function (request, ...rest) {
  if (request === "vscode") return vscode;
  if (request === "vscode-languageclient/node") throw new Error("not installed");
  return load.call(this, request, ...rest);
};

const extension = require(path.join(__dirname, "..", "extension.js"));
const uri = "untitled:Smoke.tips";
let text = 'parameter isLoggedIn: Bool = false\ntip Smoke {\n  title "Hi"; rule isLogedIn\n}\n';
const document = {
  uri: vscode.Uri.parse(uri), languageId: "tips", version: 1, getText: () => text,
};
documents.push(document);

const until = async (condition, what) => {
  for (let i = 0; i < 200; i++) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
};

// A String Catalog beside a .tips file, open in the editor: a slot misspelled
// as it is typed shows on the catalog before it is saved.
const catalogIsCheckedAsTyped = async () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "tips-smoke-"));
  fs.writeFileSync(path.join(folder, "App.tips"),
    'event opened\ntip Welcome(name: String) {\n    id "welcome-\\(name)"\n    title "Hi \\(name)"\n    rule opened.count > 0\n}\n');
  const translated = { de: { stringUnit: { state: "translated", value: "Hallo \\(name)" } } };
  let catalogText = JSON.stringify(
    { sourceLanguage: "en", strings: { "Welcome.title": { localizations: translated } }, version: "1.0" }, null, 2);
  const catalogPath = path.join(folder, "Tips.xcstrings");
  fs.writeFileSync(catalogPath, catalogText);
  const catalogURI = "file://" + catalogPath;
  const catalog = {
    uri: { scheme: "file", path: catalogPath, toString: () => catalogURI },
    languageId: "json", version: 1, getText: () => catalogText,
  };
  listeners.open(catalog);
  await until(() => collection.has(catalogURI) && collection.get(catalogURI).length === 0, "the catalog to be checked");
  const line = catalogText.split("\n").findIndex((l) => l.includes("Hallo"));
  const character = catalogText.split("\n")[line].indexOf("(name)");
  catalogText = catalogText.replace("(name)", "(nmae)");
  catalog.version = 2;
  listeners.change({
    document: catalog,
    contentChanges: [{ range: new Range(new Position(line, character), new Position(line, character + 6)), text: "(nmae)" }],
  });
  await until(() => (collection.get(catalogURI) || []).length === 1, "the slot's diagnostic on the catalog");
  const [slot] = collection.get(catalogURI);
  assert.ok(slot.message.includes("did you mean '\\(name)'"), slot.message);
  assert.strictEqual(slot.range.start.line, line);
  fs.rmSync(folder, { recursive: true, force: true });
};

(async () => {
  const context = { subscriptions: [] };
  extension.activate(context);
  await until(() => (collection.get(uri) || []).length === 1, "the diagnostic");
  const [diagnostic] = collection.get(uri);
  assert.strictEqual(diagnostic.message, "unknown name 'isLogedIn'; did you mean 'isLoggedIn'?");
  assert.deepStrictEqual([diagnostic.range.start.line, diagnostic.range.start.character], [2, 19]);

  const actions = await providers.codeActions.provideCodeActions(document, diagnostic.range);
  assert.strictEqual(actions.length, 1);
  const [edit] = actions[0].edit.edits;
  assert.strictEqual(edit.newText, "isLoggedIn");
  text = text.replace("isLogedIn", "isLoggedIn");
  document.version = 2;
  listeners.change({ document, contentChanges: [{ range: edit.range, text: edit.newText }] });
  await until(() => (collection.get(uri) || []).length === 0, "the diagnostic to clear");

  const hover = await providers.hover.provideHover(document, new Position(2, 22));
  assert.ok(hover.contents.value.includes("parameter isLoggedIn: Bool = false"));
  const formatted = await providers.formatting.provideDocumentFormattingEdits(document, {});
  assert.strictEqual(formatted.length, 1);
  assert.strictEqual(formatted[0].newText,
    'parameter isLoggedIn: Bool = false\n\ntip Smoke {\n    title "Hi"\n    rule isLoggedIn\n}\n');
  const completion = await providers.completion.provideCompletionItems(document, new Position(2, 30));
  assert.ok(completion.some((item) => item.label === "isLoggedIn"));
  await catalogIsCheckedAsTyped();
  await extension.deactivate();
  console.log("vscode extension smoke test passed");
  process.exit(0);
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
