import TipsCompiler

// The preview page's style sheet, script and glyphs, inline in the page.
// Colours are chosen for WCAG AA text contrast (4.5:1) in both appearances;
// sizes are in rem so that the page reflows at 200 % zoom.

enum PreviewStyle {
    /// The glyphs, drawn once at the top of the body and used by every card:
    /// a neutral picture (symbol artwork cannot ship, so every image looks
    /// alike) and the close button's cross.
    static let glyphSymbols =
        "<svg class=\"glyphs\" aria-hidden=\"true\" focusable=\"false\" width=\"0\" height=\"0\">"
        + "<symbol id=\"glyph-image\" viewBox=\"0 0 24 24\"><rect x=\"3\" y=\"5\" width=\"18\" height=\"14\" "
        + "rx=\"2.5\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"1.7\"/><circle cx=\"8.5\" cy=\"10\" "
        + "r=\"1.7\" fill=\"currentColor\"/><path d=\"M4.5 17.5l4.5-4.5 3 3 3.5-3.5 4 4\" fill=\"none\" "
        + "stroke=\"currentColor\" stroke-width=\"1.7\" stroke-linejoin=\"round\"/></symbol>"
        + "<symbol id=\"glyph-close\" viewBox=\"0 0 12 12\"><path d=\"M2.5 2.5l7 7M9.5 2.5l-7 7\" "
        + "stroke=\"currentColor\" stroke-width=\"1.8\" stroke-linecap=\"round\"/></symbol></svg>"

    /// The picture glyph of an image placeholder.
    static let imageGlyph =
        "<svg width=\"24\" height=\"24\" aria-hidden=\"true\" focusable=\"false\"><use href=\"#glyph-image\"/></svg>"

    /// The close button's cross.
    static let closeGlyph =
        "<svg width=\"12\" height=\"12\" aria-hidden=\"true\" focusable=\"false\"><use href=\"#glyph-close\"/></svg>"

    static let css = """
        :root {
          color-scheme: light dark;
          --page-bg: #f4f4f6; --page-fg: #1c1c1e; --muted: #4c4c52; --surface: #ffffff; --border: #c4c4ca;
          --accent: #0a58b5; --code-bg: #ececf1;
          --warn-bg: #fff2dc; --warn-fg: #5a3200; --warn-line: #a85500;
          --badge-bg: #e4e4ea; --badge-fg: #2c2c30;
        }
        @media (prefers-color-scheme: dark) {
          :root {
            --page-bg: #111113; --page-fg: #f2f2f7; --muted: #b6b6be; --surface: #1e1e22; --border: #4a4a52;
            --accent: #7cb9ff; --code-bg: #2c2c33;
            --warn-bg: #3a2607; --warn-fg: #ffdca6; --warn-line: #f2a443;
            --badge-bg: #34343b; --badge-fg: #ececf2;
          }
        }
        .appearance-light {
          --canvas: #e6e6eb; --card: #ffffff; --card-fg: #1c1c1e; --card-muted: #46464c; --tint: #0a58b5;
          --tint-bg: #e5eefb; --slot-bg: #e2ecfa; --slot-fg: #0b3c7a; --slot-line: #4f7fc0;
          --glyph-bg: #ececf1; --glyph-fg: #55555c; --divider: #d6d6db; --card-warn: #b35a00;
          --anchor-line: #6e6e76;
        }
        .appearance-dark {
          --canvas: #000000; --card: #1c1c1e; --card-fg: #ffffff; --card-muted: #c4c4ca; --tint: #5eb1ff;
          --tint-bg: #1d2e44; --slot-bg: #173250; --slot-fg: #d3e6ff; --slot-line: #5b8fd0;
          --glyph-bg: #2e2e32; --glyph-fg: #c0c0c7; --divider: #3a3a3e; --card-warn: #ffad4d;
          --anchor-line: #9a9aa2;
        }
        *, *::before, *::after { box-sizing: border-box; }
        [hidden] { display: none !important; }
        .glyphs { position: absolute; width: 0; height: 0; overflow: hidden; }
        html { background: var(--page-bg); color: var(--page-fg); }
        body {
          margin: 0 auto; max-width: 84rem; padding: 1rem 1rem 3rem;
          font: 1rem/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
          overflow-wrap: break-word;
        }
        a { color: var(--accent); }
        :focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
        code, .image-name, .slot { font-family: ui-monospace, "SF Mono", Menlo, Consolas, "DejaVu Sans Mono", monospace; }
        code { font-size: 0.9em; background: var(--code-bg); border-radius: 4px; padding: 0.05em 0.3em; overflow-wrap: anywhere; }
        h1, h2, h3, h4 { line-height: 1.25; margin: 0; }
        h1 { font-size: 2rem; }
        h2 { font-size: 1.5rem; margin: 2rem 0 1rem; }
        h3 { font-size: 1.25rem; }
        h4 { font-size: 1rem; }
        .visually-hidden {
          position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; border: 0;
          overflow: hidden; clip: rect(0 0 0 0); clip-path: inset(50%); white-space: nowrap;
        }
        .skip-link { position: absolute; left: 1rem; top: -3rem; background: var(--surface); padding: 0.5rem 1rem; }
        .skip-link:focus { top: 1rem; }
        .page-header { padding: 1rem 0 0.5rem; }
        .lede { max-width: 46rem; margin: 0.5rem 0 1rem; }
        .summary { display: flex; flex-wrap: wrap; gap: 0.75rem; margin: 0; }
        .count {
          background: var(--surface); border: 1px solid var(--border); border-radius: 10px;
          padding: 0.5rem 0.875rem; min-width: 5.5rem;
        }
        .count dt { font-size: 0.875rem; color: var(--muted); }
        .count dd { margin: 0; font-size: 1.75rem; font-weight: 700; line-height: 1.2; }
        .count-warnings { background: var(--warn-bg); color: var(--warn-fg); border-color: var(--warn-line); }
        .count-warnings dt { color: var(--warn-fg); }
        .frequency, .where, .note, .group-kind, .member-title { color: var(--muted); }
        .frequency { margin: 0.75rem 0 0; }
        .contents { margin: 1.5rem 0 0; }
        .contents h2 { font-size: 1rem; margin: 0 0 0.5rem; }
        .contents ul { list-style: none; padding: 0; margin: 0; display: flex; flex-wrap: wrap; gap: 0.25rem 1.25rem; }
        .filter { margin: 1.5rem 0 0; display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem 1rem; }
        .filter label { font-weight: 600; }
        .filter input {
          font: inherit; color: var(--page-fg); background: var(--surface); border: 1px solid var(--muted);
          border-radius: 8px; padding: 0.4rem 0.75rem; width: min(100%, 22rem);
        }
        .filter p { margin: 0; color: var(--muted); }
        .empty { color: var(--muted); }
        .tip, .group {
          background: var(--surface); border: 1px solid var(--border); border-radius: 14px;
          padding: 1rem 1.25rem 1.25rem; margin: 0 0 1.5rem;
        }
        .tip-has-warnings { border-left: 6px solid var(--warn-line); }
        .tip-header { display: flex; flex-wrap: wrap; align-items: baseline; justify-content: space-between; gap: 0 1rem; }
        .tip-header p { margin: 0; }
        .tip-name { overflow-wrap: anywhere; }
        .badge {
          display: inline-block; font-size: 0.8125rem; font-weight: 600; vertical-align: 0.15em;
          background: var(--badge-bg); color: var(--badge-fg); border-radius: 999px; padding: 0 0.6em;
        }
        .badge-warning { background: var(--warn-bg); color: var(--warn-fg); border: 1px solid var(--warn-line); }
        .doc { margin: 0.5rem 0 0; max-width: 46rem; }
        .warnings {
          background: var(--warn-bg); color: var(--warn-fg); border: 1px solid var(--warn-line);
          border-radius: 10px; padding: 0.75rem 1rem; margin: 1rem 0 0;
        }
        .warning-list { margin: 0.25rem 0 0; padding-left: 1.25rem; }
        .warning-where { font-weight: 600; }
        .other-warnings .warning-list { background: var(--warn-bg); color: var(--warn-fg); border-radius: 10px; padding: 0.75rem 1rem 0.75rem 2rem; }
        .translation-errors {
          background: var(--warn-bg); color: var(--warn-fg); border: 2px solid var(--warn-line);
          border-radius: 10px; padding: 0.75rem 1rem; margin: 0 0 1rem;
        }
        .translation-errors h2 { margin: 0; font-size: 1.1rem; }
        .translation-errors p { margin: 0.25rem 0 0; }
        .tip-body { display: grid; gap: 1rem 1.5rem; margin-top: 1rem; }
        @media (min-width: 72rem) { .tip-body { grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); } }
        .previews { display: grid; gap: 1rem; grid-template-columns: repeat(auto-fill, minmax(min(100%, 18rem), 1fr)); align-content: start; }
        .preview { margin: 0; min-width: 0; }
        .preview figcaption { font-size: 0.875rem; color: var(--muted); margin: 0 0 0.25rem; }
        .canvas { background: var(--canvas); border-radius: 12px; padding: 1rem; }
        .preview-popover .canvas { display: flex; flex-direction: column; align-items: center; }
        .anchor {
          color: var(--card-fg); border: 2px dashed var(--anchor-line); border-radius: 8px;
          padding: 0.15rem 0.75rem; font-size: 0.875rem;
        }
        .tip-card {
          position: relative; width: 100%; background: var(--card); color: var(--card-fg);
          border-radius: 14px; padding: 0.875rem;
          box-shadow: 0 1px 4px rgba(0, 0, 0, 0.18);
        }
        .tip-popover { margin-top: 0.9rem; }
        .tip-popover::before {
          content: ""; position: absolute; top: -0.45rem; left: calc(50% - 0.55rem); width: 1.1rem; height: 1.1rem;
          background: var(--card); transform: rotate(45deg); border-radius: 0.2rem 0 0 0;
        }
        .tip-content { display: flex; gap: 0.75rem; align-items: flex-start; padding-inline-end: 1.875rem; }
        .tip-image { flex: none; width: 4.5rem; display: flex; flex-direction: column; align-items: center; gap: 0.25rem; }
        .tip-glyph {
          width: 2.75rem; height: 2.75rem; border-radius: 10px; display: grid; place-items: center;
          background: var(--glyph-bg); color: var(--glyph-fg);
        }
        .image-name { font-size: 0.75rem; line-height: 1.25; color: var(--card-muted); text-align: center; max-width: 100%; overflow-wrap: anywhere; }
        .tip-text { flex: 1; min-width: 0; }
        .tip-title { margin: 0; font-size: 1.0625rem; font-weight: 650; line-height: 1.3; overflow-wrap: anywhere; }
        .tip-message { margin: 0.25rem 0 0; color: var(--card-muted); overflow-wrap: anywhere; }
        .has-warning { text-decoration: underline wavy var(--card-warn); text-decoration-thickness: 1.5px; text-underline-offset: 0.25em; }
        .tip-actions {
          display: flex; flex-wrap: wrap; gap: 0.5rem; margin: 0.75rem 0 0; padding-top: 0.75rem;
          border-top: 1px solid var(--divider);
        }
        .tip-action {
          display: inline-block; max-width: 100%; color: var(--tint); background: var(--tint-bg); font-weight: 600;
          border-radius: 8px; padding: 0.3rem 0.8rem; overflow-wrap: anywhere;
        }
        .tip-close {
          position: absolute; top: 0.625rem; inset-inline-end: 0.625rem; width: 1.625rem; height: 1.625rem;
          border-radius: 50%;
          display: grid; place-items: center; background: var(--glyph-bg); color: var(--card-muted);
        }
        .slot {
          display: inline-block; font-size: 0.85em; font-weight: 600; line-height: 1.35;
          background: var(--slot-bg, var(--code-bg)); color: var(--slot-fg, var(--page-fg));
          border: 1px dashed var(--slot-line, var(--muted)); border-radius: 6px; padding: 0 0.3em;
          overflow-wrap: anywhere;
        }
        .filled { text-decoration: underline dotted var(--slot-line, var(--muted)); text-underline-offset: 0.2em; }
        .facts { margin: 0; display: grid; gap: 0.75rem; align-content: start; min-width: 0; }
        .facts dt { font-weight: 650; }
        .facts dd { margin: 0.125rem 0 0; min-width: 0; }
        .facts .note { margin: 0.25rem 0; font-size: 0.9375rem; }
        .plain, .rules { margin: 0; padding-left: 1.25rem; }
        .rules li + li, .plain li + li { margin-top: 0.25rem; }
        .rule { white-space: pre-wrap; }
        .rules .in-words { display: block; }
        .rules .has-warning code { text-decoration: underline wavy var(--warn-line); text-decoration-thickness: 1.5px; text-underline-offset: 0.25em; }
        .steps, .set { list-style: none; margin: 1rem 0 0; padding: 0; display: flex; flex-wrap: wrap; gap: 0.75rem; }
        .steps { counter-reset: step; }
        .steps li, .set li {
          border: 1px solid var(--border); border-radius: 10px; padding: 0.5rem 0.875rem; max-width: 100%;
          background: var(--page-bg);
        }
        .steps li { counter-increment: step; }
        .steps li::before {
          content: counter(step); display: inline-grid; place-items: center; width: 1.6rem; height: 1.6rem;
          margin-right: 0.5rem; border-radius: 50%; background: var(--accent); color: var(--surface); font-weight: 700;
        }
        .set { border: 2px dashed var(--border); border-radius: 14px; padding: 0.75rem; }
        .page-footer { margin-top: 3rem; color: var(--muted); font-size: 0.9375rem; }
        /* Last, so that these override the rules above. */
        .tip-card { container-type: inline-size; }
        /* A narrow card (a phone, or a wide one zoomed) puts the image above the copy, not beside it. */
        @container (max-width: 17rem) {
          .tip-content { flex-direction: column; gap: 0.5rem; }
          .tip-image { flex-direction: row; width: auto; gap: 0.5rem; }
          .image-name { text-align: start; }
          /* The copy as wide as the card, as a text view is, however short it is. */
          .tip-text { align-self: stretch; }
        }
        @media (max-width: 30rem) {
          body { padding: 0.75rem 0.75rem 2rem; }
          .tip, .group { padding: 0.75rem 0.75rem 1rem; }
          .canvas { padding: 0.625rem; }
          .tip-card { padding: 0.75rem; }
        }
        """

    /// The filter: narrows the tips to those whose words contain every word typed.
    static let script = """
        (function () {
          "use strict";
          var box = document.getElementById("filter-box");
          var input = document.getElementById("filter");
          var status = document.getElementById("filter-status");
          if (!box || !input || !status) { return; }
          var tips = Array.prototype.slice.call(document.querySelectorAll("article.tip"));
          var files = Array.prototype.slice.call(document.querySelectorAll("section.tip-file"));
          function apply() {
            var words = input.value.toLowerCase().split(/\\s+/).filter(function (word) { return word.length > 0; });
            var shown = 0;
            tips.forEach(function (tip) {
              var text = tip.getAttribute("data-filter") || "";
              var match = words.every(function (word) { return text.indexOf(word) >= 0; });
              tip.hidden = !match;
              if (match) { shown += 1; }
            });
            files.forEach(function (file) {
              file.hidden = words.length > 0 && file.querySelector("article.tip:not([hidden])") === null;
            });
            status.textContent = words.length === 0 ? "" :
              shown + " of " + tips.length + (tips.length === 1 ? " tip matches" : " tips match");
          }
          box.addEventListener("submit", function (event) { event.preventDefault(); });
          input.addEventListener("input", apply);
          box.hidden = false;
          apply();
        })();
        """
}
