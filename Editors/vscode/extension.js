// The Tips extension: starts `tipc lsp` and connects it to VS Code.
//
// No npm package can be fetched where this was written, so instead of
// `vscode-languageclient` this file holds a small Language Server Protocol
// client of its own, on the `vscode` API alone: JSON-RPC over the server's
// standard input and output, incremental document sync, diagnostics (with
// related information), formatting, quick fixes, hover, go to definition,
// references, document symbols, completion and rename. With
// `vscode-languageclient` installed (`npm install vscode-languageclient` in
// this folder), that client is used instead.
"use strict";

const vscode = require("vscode");
const childProcess = require("child_process");

let connection;

/** A JSON-RPC connection to `tipc lsp` over its standard input and output. */
class Connection {
  constructor(command, onNotification) {
    this.process = childProcess.spawn(command, ["lsp"], { stdio: ["pipe", "pipe", "inherit"] });
    this.nextId = 1;
    this.pending = new Map();
    this.buffer = Buffer.alloc(0);
    this.onNotification = onNotification;
    this.process.stdout.on("data", (chunk) => this.receive(chunk));
    this.process.on("error", (error) => {
      vscode.window.showErrorMessage(`Could not start '${command} lsp': ${error.message}`);
    });
  }

  receive(chunk) {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const headerEnd = this.buffer.indexOf("\r\n\r\n");
      if (headerEnd < 0) return;
      const header = this.buffer.subarray(0, headerEnd).toString("ascii");
      const match = /Content-Length:\s*(\d+)/i.exec(header);
      const length = match ? Number(match[1]) : 0;
      if (this.buffer.length < headerEnd + 4 + length) return;
      const body = this.buffer.subarray(headerEnd + 4, headerEnd + 4 + length).toString("utf8");
      this.buffer = this.buffer.subarray(headerEnd + 4 + length);
      let message;
      try {
        message = JSON.parse(body);
      } catch {
        continue;
      }
      if (message.id !== undefined && this.pending.has(message.id)) {
        const { resolve, reject } = this.pending.get(message.id);
        this.pending.delete(message.id);
        if (message.error) reject(new Error(message.error.message));
        else resolve(message.result);
      } else if (message.method) {
        this.onNotification(message.method, message.params);
      }
    }
  }

  send(message) {
    const body = Buffer.from(JSON.stringify({ jsonrpc: "2.0", ...message }), "utf8");
    this.process.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
    this.process.stdin.write(body);
  }

  request(method, params) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.send({ id, method, params });
    });
  }

  notify(method, params) {
    this.send({ method, params });
  }

  async stop() {
    try {
      await this.request("shutdown");
    } finally {
      this.notify("exit");
    }
  }
}

// Conversions between the protocol's JSON and the vscode API's types.
const toPosition = (p) => new vscode.Position(p.line, p.character);
const toRange = (r) => new vscode.Range(toPosition(r.start), toPosition(r.end));
const fromPosition = (p) => ({ line: p.line, character: p.character });
const fromRange = (r) => ({ start: fromPosition(r.start), end: fromPosition(r.end) });
const toLocation = (l) => new vscode.Location(vscode.Uri.parse(l.uri), toRange(l.range));
const toTextEdit = (e) => new vscode.TextEdit(toRange(e.range), e.newText);
const at = (document, position) => ({ textDocument: { uri: document.uri.toString() }, position: fromPosition(position) });

function toWorkspaceEdit(edit) {
  const result = new vscode.WorkspaceEdit();
  for (const [uri, edits] of Object.entries((edit && edit.changes) || {})) {
    for (const e of edits) result.replace(vscode.Uri.parse(uri), toRange(e.range), e.newText);
  }
  return result;
}

function toDiagnostic(d) {
  const severities = [undefined, vscode.DiagnosticSeverity.Error, vscode.DiagnosticSeverity.Warning,
    vscode.DiagnosticSeverity.Information, vscode.DiagnosticSeverity.Hint];
  const diagnostic = new vscode.Diagnostic(toRange(d.range), d.message, severities[d.severity || 1]);
  diagnostic.source = d.source;
  diagnostic.relatedInformation = (d.relatedInformation || []).map(
    (r) => new vscode.DiagnosticRelatedInformation(toLocation(r.location), r.message));
  return diagnostic;
}

function toDocumentSymbol(s) {
  const symbol = new vscode.DocumentSymbol(s.name, s.detail || "", s.kind - 1, toRange(s.range),
    toRange(s.selectionRange));
  symbol.children = (s.children || []).map(toDocumentSymbol);
  return symbol;
}

/** The files the server checks with the .tips files beside them: the lock and the String Catalog. */
const companionNames = ["tipc.lock", "Tips.xcstrings"];
const companionSelectors = companionNames.map((name) => ({ scheme: "file", pattern: `**/${name}` }));
const isCompanion = (document) =>
  document.uri.scheme === "file" && companionNames.includes(document.uri.path.split("/").pop());

/** Starts the built-in client; returns what to dispose of. */
function startBuiltInClient(context, command) {
  const diagnostics = vscode.languages.createDiagnosticCollection("tips");
  connection = new Connection(command, (method, params) => {
    if (method === "textDocument/publishDiagnostics") {
      diagnostics.set(vscode.Uri.parse(params.uri), params.diagnostics.map(toDiagnostic));
    }
  });
  const selector = { language: "tips" };
  const isTips = (document) => document.languageId === "tips";
  // The server checks what is typed in a lock or a catalog with the .tips files beside it.
  const isServed = (document) => isTips(document) || isCompanion(document);
  const ready = connection.request("initialize", {
    processId: process.pid,
    rootUri: null,
    capabilities: {},
  }).then(() => connection.notify("initialized", {}));

  const open = (document) => {
    if (!isServed(document)) return;
    connection.notify("textDocument/didOpen", {
      textDocument: { uri: document.uri.toString(), languageId: document.languageId, version: document.version,
        text: document.getText() },
    });
  };
  ready.then(() => vscode.workspace.textDocuments.forEach(open));

  const provider = (method, params, convert) =>
    ready.then(() => connection.request(method, params)).then((result) => (result == null ? result : convert(result)));

  context.subscriptions.push(
    diagnostics,
    vscode.workspace.onDidOpenTextDocument((document) => ready.then(() => open(document))),
    vscode.workspace.onDidChangeTextDocument((event) => {
      if (!isServed(event.document) || event.contentChanges.length === 0) return;
      ready.then(() => connection.notify("textDocument/didChange", {
        textDocument: { uri: event.document.uri.toString(), version: event.document.version },
        contentChanges: event.contentChanges.map((c) => ({ range: fromRange(c.range), text: c.text })),
      }));
    }),
    vscode.workspace.onDidSaveTextDocument((document) => {
      if (isServed(document)) ready.then(() => connection.notify("textDocument/didSave", { textDocument: { uri: document.uri.toString() } }));
    }),
    vscode.workspace.onDidCloseTextDocument((document) => {
      if (isServed(document)) ready.then(() => connection.notify("textDocument/didClose", { textDocument: { uri: document.uri.toString() } }));
    }),
    vscode.languages.registerDocumentFormattingEditProvider(selector, {
      provideDocumentFormattingEdits: (document, options) =>
        provider("textDocument/formatting", { textDocument: { uri: document.uri.toString() }, options },
          (edits) => edits.map(toTextEdit)),
    }),
    vscode.languages.registerCodeActionsProvider([selector, ...companionSelectors], {
      provideCodeActions: (document, range) =>
        provider("textDocument/codeAction",
          { textDocument: { uri: document.uri.toString() }, range: fromRange(range), context: { diagnostics: [] } },
          (actions) => actions.map((a) => {
            const action = new vscode.CodeAction(a.title, vscode.CodeActionKind.QuickFix);
            action.edit = toWorkspaceEdit(a.edit);
            action.isPreferred = a.isPreferred;
            action.diagnostics = (a.diagnostics || []).map(toDiagnostic);
            return action;
          })),
    }),
    vscode.languages.registerHoverProvider(selector, {
      provideHover: (document, position) =>
        provider("textDocument/hover", at(document, position),
          (h) => new vscode.Hover(new vscode.MarkdownString(h.contents.value), h.range && toRange(h.range))),
    }),
    vscode.languages.registerDefinitionProvider(selector, {
      provideDefinition: (document, position) =>
        provider("textDocument/definition", at(document, position), toLocation),
    }),
    vscode.languages.registerReferenceProvider(selector, {
      provideReferences: (document, position, context) =>
        provider("textDocument/references",
          { ...at(document, position), context: { includeDeclaration: context.includeDeclaration } },
          (locations) => locations.map(toLocation)),
    }),
    vscode.languages.registerDocumentSymbolProvider(selector, {
      provideDocumentSymbols: (document) =>
        provider("textDocument/documentSymbol", { textDocument: { uri: document.uri.toString() } },
          (symbols) => symbols.map(toDocumentSymbol)),
    }),
    vscode.languages.registerWorkspaceSymbolProvider({
      provideWorkspaceSymbols: (query) =>
        provider("workspace/symbol", { query }, (symbols) => symbols.map(
          (s) => new vscode.SymbolInformation(s.name, s.kind - 1, "", toLocation(s.location)))),
    }),
    vscode.languages.registerCompletionItemProvider(selector, {
      provideCompletionItems: (document, position) =>
        provider("textDocument/completion", at(document, position), (list) => list.items.map((item) => {
          const completion = new vscode.CompletionItem(item.label, item.kind - 1);
          completion.detail = item.detail;
          return completion;
        })),
    }, "."),
    vscode.languages.registerRenameProvider(selector, {
      prepareRename: (document, position) =>
        provider("textDocument/prepareRename", at(document, position),
          (r) => ({ range: toRange(r.range), placeholder: r.placeholder })),
      provideRenameEdits: (document, position, newName) =>
        provider("textDocument/rename", { ...at(document, position), newName }, toWorkspaceEdit),
    }),
  );
}

function activate(context) {
  const command = vscode.workspace.getConfiguration("tips").get("serverPath") || "tipc";
  let languageClient;
  try {
    languageClient = require("vscode-languageclient/node");
  } catch {
    languageClient = undefined;
  }
  if (languageClient) {
    const client = new languageClient.LanguageClient(
      "tips", "Tips", { command, args: ["lsp"] }, { documentSelector: [{ language: "tips" }, ...companionSelectors] });
    context.subscriptions.push({ dispose: () => client.stop() });
    return client.start();
  }
  startBuiltInClient(context, command);
  return undefined;
}

function deactivate() {
  return connection ? connection.stop() : undefined;
}

module.exports = { activate, deactivate, Connection };
