-- The e2e scenario in Neovim 0.7 (Debian) with its built-in LSP client, headless:
-- diagnostics appear, the TL101 quick fix is applied as `vim.lsp.buf.code_action()` would,
-- and the diagnostic goes away. Exit status: 0 pass, 1 fail, 2 the server did not start.
-- Env: TORCHLINT_CMD, the server command line (JSON list). Run by run_nvim.sh.
local function out(...) io.stdout:write(string.format(...) .. "\n") end
local function finish(code) vim.schedule(function() vim.cmd("cquit " .. code) end) end
local WAIT = 60000 -- ms; the first analysis imports the server

local function codes(buf)
  local found = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do found[tostring(d.code)] = d end
  return found
end

local function scenario()
  local buf = vim.api.nvim_get_current_buf()
  local cmd = vim.fn.json_decode(os.getenv("TORCHLINT_CMD"))
  -- 0.7 has no vim.lsp.start: start_client + buf_attach_client.
  local id = vim.lsp.start_client({ name = "torchlint", cmd = cmd, root_dir = vim.fn.getcwd() })
  if not id then out("FAIL: the server did not start"); return finish(2) end
  vim.lsp.buf_attach_client(buf, id)

  local want = { "TL101", "TL201", "TL106" }
  local ok = vim.wait(WAIT, function()
    local found = codes(buf)
    for _, code in ipairs(want) do if not found[code] then return false end end
    return true
  end, 50)
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    out("DIAG %d:%d [%s] %s %s", d.lnum + 1, d.col + 1, d.source or "?", tostring(d.code), d.message)
  end
  if not ok then out("FAIL: expected diagnostics %s", table.concat(want, ", ")); return finish(1) end

  -- Cursor on the TL101 diagnostic, then exactly what vim.lsp.buf.code_action() sends.
  local tl101 = codes(buf)["TL101"]
  vim.api.nvim_win_set_cursor(0, { tl101.lnum + 1, tl101.col })
  local params = vim.lsp.util.make_range_params()
  params.context = { diagnostics = vim.lsp.diagnostic.get_line_diagnostics(buf) }
  local client = vim.lsp.get_client_by_id(id)
  local response = client.request_sync("textDocument/codeAction", params, WAIT, buf) or {}
  if response.err then out("FAIL: codeAction: %s", vim.inspect(response.err)); return finish(1) end
  local fix
  for _, action in ipairs(response.result or {}) do
    out("ACTION %s", action.title)
    if not fix and action.title:find("no_grad", 1, true) then fix = action end
  end
  if not fix then out("FAIL: no quick fix mentioning no_grad"); return finish(1) end
  if not fix.edit and not fix.command then -- a lazily resolved action
    fix = (client.request_sync("codeAction/resolve", fix, WAIT, buf) or {}).result or fix
  end
  if fix.edit then vim.lsp.util.apply_workspace_edit(fix.edit, client.offset_encoding) end
  if fix.command then
    local command = type(fix.command) == "table" and fix.command or fix
    client.request_sync("workspace/executeCommand", command, WAIT, buf)
  end

  local lines = vim.api.nvim_buf_get_lines(buf, tl101.lnum, tl101.lnum + 2, false)
  out("LINES %s | %s", lines[1] or "", lines[2] or "")
  if not (lines[1] == "with torch.no_grad():" and (lines[2] or ""):find("^    w%.add_%(1%)")) then
    out("FAIL: w.add_(1) is not wrapped in `with torch.no_grad():`"); return finish(1)
  end
  ok = vim.wait(WAIT, function()
    local found = codes(buf)
    return not found["TL101"] and found["TL201"] ~= nil and found["TL106"] ~= nil
  end, 50)
  if not ok then out("FAIL: TL101 still reported after the fix (or the others are gone)"); return finish(1) end
  out("PASS"); finish(0)
end

-- init.lua runs before the file's buffer is loaded.
vim.api.nvim_create_autocmd("VimEnter", { callback = function()
  local ok, err = pcall(scenario)
  if not ok then out("FAIL: %s", err); finish(1) end
end })
