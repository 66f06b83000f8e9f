-- A real editor session against `tipc lsp`, run headless by .ci/neovim-check.sh:
--   TIPC=<tipc> TIPS_FILE=<a .tips file with one mistake> nvim --headless -u session.lua
-- It opens the file with Neovim's built-in LSP client, reads the diagnostic
-- at the mistake's line, applies the server's quick fix, sees the
-- diagnostics clear, breaks the layout and formats it back, breaks a
-- scenario of the file beside it and reads the failed step; then misspells a
-- slot in the String Catalog beside it and reads that diagnostic on the
-- catalog, and misspells a translation's state and applies the fix.
local here = debug.getinfo(1, "S").source:sub(2):match("(.*/)")
vim.opt.runtimepath:append(here .. "..")

local function fail(message)
  io.stderr:write("neovim session: " .. message .. "\n")
  vim.cmd("cquit 1")
end

local function check(condition, message)
  if not condition then error(message, 0) end
end

local function run()
  local tipc, file = os.getenv("TIPC"), os.getenv("TIPS_FILE")
  check(tipc and file, "set TIPC and TIPS_FILE")
  vim.cmd("edit " .. vim.fn.fnameescape(file))
  local bufnr = vim.api.nvim_get_current_buf()
  local client_id = require("tips").attach(bufnr, { cmd = { tipc, "lsp" } })
  check(client_id, "the client did not start")

  -- The diagnostic, at the line of the mistake.
  local mistake = vim.fn.search("isSigndIn") - 1
  check(mistake >= 0, "the file has no mistake to fix")
  check(vim.wait(10000, function() return #vim.diagnostic.get(bufnr) > 0 end, 50), "no diagnostic arrived")
  local diagnostic = vim.diagnostic.get(bufnr)[1]
  check(diagnostic.lnum == mistake, "the diagnostic is on line " .. diagnostic.lnum .. ", not " .. mistake)
  check(diagnostic.message:find("did you mean 'isSignedIn'", 1, true), "unexpected message: " .. diagnostic.message)

  -- The suggested fix, as the server offers it.
  local client = vim.lsp.get_client_by_id(client_id)
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) },
    range = { start = { line = diagnostic.lnum, character = diagnostic.col },
      ["end"] = { line = diagnostic.end_lnum, character = diagnostic.end_col } },
    context = { diagnostics = {} },
  }
  local response = client.request_sync("textDocument/codeAction", params, 10000, bufnr)
  check(response and response.result and #response.result == 1, "expected one code action")
  local action = response.result[1]
  check(action.kind == "quickfix", "the action is not a quick fix")
  vim.lsp.util.apply_workspace_edit(action.edit, "utf-16")
  check(vim.fn.getline(mistake + 1):find("isSignedIn", 1, true), "the fix was not applied")
  check(vim.wait(10000, function() return #vim.diagnostic.get(bufnr) == 0 end, 50), "the diagnostics did not clear")

  -- `K` and `gd`, set for this buffer alone when the client attached.
  for _, key in ipairs({ "K", "gd" }) do
    local map = vim.fn.maparg(key, "n", false, true)
    check(map.buffer == 1, key .. " is not mapped in the buffer")
  end
  -- Completion on CTRL-X CTRL-O: the server's items where a rule reads a name.
  check(vim.bo[bufnr].omnifunc == "v:lua.vim.lsp.omnifunc", "the buffer has no LSP omnifunc")
  local items = {}
  vim.lsp.buf_request(bufnr, "textDocument/completion", {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) },
    position = { line = mistake, character = #vim.fn.getline(mistake + 1) },
  }, function(_, result) items = result and (result.items or result) or {} end)
  check(vim.wait(10000, function() return #items > 0 end, 50), "completion offered nothing")
  local declaration = vim.fn.search("^parameter isSignedIn", "n")
  check(declaration > 0, "the file declares no isSignedIn")
  vim.api.nvim_win_set_cursor(0, { mistake + 1, (vim.fn.getline(mistake + 1):find("isSignedIn", 1, true)) })
  vim.api.nvim_feedkeys("gd", "x", false)
  check(vim.wait(10000, function() return vim.fn.line(".") == declaration end, 50), "gd did not reach the declaration")
  vim.api.nvim_win_set_cursor(0, { mistake + 1, (vim.fn.getline(mistake + 1):find("isSignedIn", 1, true)) })
  vim.api.nvim_feedkeys("K", "x", false)
  local function floating()
    for _, window in ipairs(vim.api.nvim_list_wins()) do
      if vim.api.nvim_win_get_config(window).relative ~= "" then return true end
    end
    return false
  end
  check(vim.wait(10000, floating, 50), "K showed no hover")
  vim.cmd("silent! only")
  for _, window in ipairs(vim.api.nvim_list_wins()) do
    if vim.api.nvim_win_get_config(window).relative ~= "" then vim.api.nvim_win_close(window, true) end
  end

  -- The name under the cursor marked where the file writes it: the declaration as written, the fixed use as read.
  vim.api.nvim_win_set_cursor(0, { mistake + 1, (vim.fn.getline(mistake + 1):find("isSignedIn", 1, true)) })
  vim.lsp.buf.document_highlight()
  local function marked(line, group)
    -- Every namespace: Neovim 0.7 names the one it marks in (`vim_lsp_references`) but takes no -1 for all.
    for _, namespace in pairs(vim.api.nvim_get_namespaces()) do
      for _, mark in ipairs(vim.api.nvim_buf_get_extmarks(bufnr, namespace, { line - 1, 0 }, { line - 1, -1 }, { details = true })) do
        if mark[4].hl_group == group then return true end
      end
    end
    return false
  end
  check(vim.wait(10000, function() return marked(declaration, "LspReferenceWrite") and marked(mistake + 1, "LspReferenceRead") end, 50),
    "document_highlight did not mark the declaration and the use")
  vim.lsp.buf.clear_references()

  -- Formatting puts a broken layout back.
  local fixed = vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)
  vim.api.nvim_buf_set_lines(bufnr, mistake, mistake + 1, false, { "rule    isSignedIn ;" })
  if vim.lsp.buf.format then
    vim.lsp.buf.format({ timeout_ms = 10000, bufnr = bufnr })
  else
    vim.lsp.buf.formatting_sync(nil, 10000)
  end
  check(vim.deep_equal(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false), fixed), "formatting did not restore the layout")

  -- A rule changed so that a scenario of Trails.test.tips no longer holds:
  -- the server runs the scenarios once the editor is quiet, and the failed
  -- step shows in that file, unopened; the rule put back, it goes.
  local rule = vim.fn.search("within(5d).count >= 3", "nw") - 1
  check(rule >= 0, "the file has no rule of three openings")
  local testBuffer = vim.uri_to_bufnr(vim.uri_from_fname(vim.fn.fnamemodify(file, ":h") .. "/Trails.test.tips"))
  local function failedStep()
    for _, found in ipairs(vim.diagnostic.get(testBuffer)) do
      if found.message:find("expected FavoriteTrail to be available, but it is pending", 1, true) then return found end
    end
  end
  vim.api.nvim_buf_set_lines(bufnr, rule, rule + 1, false, { (vim.fn.getline(rule + 1):gsub(">= 3", ">= 4")) })
  check(vim.wait(10000, function() return failedStep() ~= nil end, 50), "no failed scenario step in Trails.test.tips")
  local step = failedStep()
  check(step.lnum == 13 and step.source == "tipc test", "the failed step is on line " .. (step.lnum + 1) .. " from " .. tostring(step.source))
  vim.api.nvim_buf_set_lines(bufnr, rule, rule + 1, false, { (vim.fn.getline(rule + 1):gsub(">= 4", ">= 3")) })
  check(vim.wait(10000, function() return failedStep() == nil end, 50), "the failed step did not clear")

  -- The String Catalog beside the file, attached by `setup`'s autocommand: a
  -- slot misspelled in a translation shows on the catalog before it is saved.
  require("tips").setup({ cmd = { tipc, "lsp" } })
  vim.cmd("edit " .. vim.fn.fnameescape(vim.fn.fnamemodify(file, ":h") .. "/Tips.xcstrings"))
  local catalog = vim.api.nvim_get_current_buf()
  check(vim.wait(10000, function() return #vim.lsp.buf_get_clients(catalog) > 0 end, 50), "the catalog is not attached")
  local slot = vim.fn.search("ist jetzt") - 1
  check(slot >= 0, "the catalog has no German NewTrail title")
  local line = vim.fn.getline(slot + 1):gsub("%(name%)", "(nmae)")
  vim.api.nvim_buf_set_lines(catalog, slot, slot + 1, false, { line })
  local function slotError()
    for _, found in ipairs(vim.diagnostic.get(catalog)) do
      if found.lnum == slot and found.message:find("did you mean '\\(name)'", 1, true) then return true end
    end
    return false
  end
  check(vim.wait(10000, slotError, 50), "no diagnostic for the misspelled slot on line " .. (slot + 1) .. " of the catalog")
  check(vim.bo[catalog].modified, "the catalog was saved")

  -- A translation's state misspelled in the catalog: a warning at it, and
  -- the server's fix writes the state back.
  local state = vim.fn.search('"state" : "translated"', "w") - 1
  check(state >= 0, "the catalog has no translated state")
  vim.api.nvim_buf_set_lines(catalog, state, state + 1, false,
    { (vim.fn.getline(state + 1):gsub('"translated"', '"translatd"')) })
  local function stateWarning()
    for _, found in ipairs(vim.diagnostic.get(catalog)) do
      if found.lnum == state and found.message:find("state 'translatd'", 1, true) then return found end
    end
  end
  check(vim.wait(10000, function() return stateWarning() ~= nil end, 50),
    "no warning for the misspelled state on line " .. (state + 1) .. " of the catalog")
  local warning = stateWarning()
  local fixes = client.request_sync("textDocument/codeAction", {
    textDocument = { uri = vim.uri_from_bufnr(catalog) },
    range = { start = { line = warning.lnum, character = warning.col },
      ["end"] = { line = warning.end_lnum, character = warning.end_col } },
    context = { diagnostics = {} },
  }, 10000, catalog)
  check(fixes and fixes.result and #fixes.result >= 1, "no code action for the misspelled state")
  vim.lsp.util.apply_workspace_edit(fixes.result[1].edit, "utf-16")
  check(vim.fn.getline(state + 1):find('"translated"', 1, true), "the state's fix was not applied")
  check(vim.wait(10000, function() return stateWarning() == nil end, 50), "the state's warning did not clear")
  io.stdout:write("neovim session passed: diagnostic at line " .. (mistake + 1) .. ", fixed, cleared, K, gd, completion and highlights, formatted, "
    .. "a failed scenario step at Trails.test.tips:14 and cleared, "
    .. "a slot typed in the catalog at line " .. (slot + 1) .. ", a state misspelled and fixed at line " .. (state + 1)
    .. "\n")
  client.stop()
  vim.cmd("qall!")
end

local ok, message = pcall(run)
if not ok then fail(tostring(message)) end
