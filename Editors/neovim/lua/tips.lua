-- Starts `tipc lsp` for .tips buffers with Neovim's built-in LSP client.
-- In init.lua:  require("tips").setup({ cmd = { "tipc", "lsp" } })
-- (with Editors/neovim on the runtimepath; see Editors/README.md).
local M = {}

--- The folder whose .tips files compile together with `file` (the server
--- finds the SwiftPM target itself; this only names the workspace).
local function root_of(file)
  local package = vim.fn.findfile("Package.swift", vim.fn.fnamemodify(file, ":p:h") .. ";")
  if package ~= "" then return vim.fn.fnamemodify(package, ":p:h") end
  return vim.fn.fnamemodify(file, ":p:h")
end

--- The files the server checks with the .tips files beside them; it reads no name in them.
M.companions = { ["tipc.lock"] = true, ["Tips.xcstrings"] = true }

--- Sets `K` (hover) and `gd` (go to definition) in a .tips buffer alone, as
--- Neovim 0.10 does by itself for any server and 0.7 to 0.9 do not, and
--- completion on CTRL-X CTRL-O (`omnifunc`, unless the buffer has one), as
--- 0.8 does and 0.7 does not; then runs the caller's `on_attach`.
--- `keymaps = false` in the options leaves the keys and the omnifunc alone.
local function on_attach_with_keymaps(options)
  return function(client, bufnr)
    if options.keymaps ~= false and not M.companions[vim.fn.fnamemodify(vim.api.nvim_buf_get_name(bufnr), ":t")] then
      vim.keymap.set("n", "K", vim.lsp.buf.hover, { buffer = bufnr, desc = "tipc: hover" })
      vim.keymap.set("n", "gd", vim.lsp.buf.definition, { buffer = bufnr, desc = "tipc: go to definition" })
      if vim.bo[bufnr].omnifunc == "" then vim.bo[bufnr].omnifunc = "v:lua.vim.lsp.omnifunc" end
    end
    if options.on_attach then options.on_attach(client, bufnr) end
  end
end

--- Starts (or reuses) the server for a buffer and attaches it; returns the client id.
function M.attach(bufnr, options)
  options = options or {}
  local root = root_of(vim.api.nvim_buf_get_name(bufnr))
  M.clients = M.clients or {}
  local id = M.clients[root]
  if id == nil or vim.lsp.get_client_by_id(id) == nil then
    id = vim.lsp.start_client({
      name = "tipc",
      cmd = options.cmd or { "tipc", "lsp" },
      root_dir = root,
      on_attach = on_attach_with_keymaps(options),
    })
    M.clients[root] = id
  end
  if id then vim.lsp.buf_attach_client(bufnr, id) end
  return id
end

function M.setup(options)
  vim.api.nvim_create_autocmd("FileType", {
    pattern = "tips",
    callback = function(event) M.attach(event.buf, options) end,
  })
  -- The lock and the String Catalog beside the .tips files: the server checks
  -- what is typed in them with those files, before they are saved.
  -- One with no .tips file below its folder is an app's own, left alone.
  vim.api.nvim_create_autocmd({ "BufReadPost", "BufNewFile" }, {
    pattern = vim.tbl_keys(M.companions),
    callback = function(event)
      local folder = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(event.buf), ":p:h")
      if vim.fn.globpath(folder, "**/*.tips") ~= "" then M.attach(event.buf, options) end
    end,
  })
end

return M
