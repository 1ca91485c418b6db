// Entry point: wires the output channel, status item, settings, probe command and server.

import * as vscode from "vscode";
import { serverScope, SettingsReader } from "./config";
import { ProbeCommand } from "./probe";
import { onPythonInterpreterChanged } from "./pythonExtension";
import { ServerManager } from "./server";
import { ServerStatus } from "./status";

let server: ServerManager | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const log = vscode.window.createOutputChannel("torchlint", { log: true });
  const status = new ServerStatus();
  const settings = new SettingsReader(context.extension.packageJSON, log);
  const probe = new ProbeCommand(settings);
  const manager = new ServerManager({ extensionPath: context.extensionPath, log, settings, probe }, status);
  server = manager;
  context.subscriptions.push(
    log,
    status,
    probe,
    vscode.commands.registerCommand("torchlint.restart", () => manager.restart("restart command")),
    vscode.commands.registerCommand("torchlint.showOutput", () => {
      log.show();
    }),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration("torchlint.interpreter")) {
        void manager.restart("torchlint.interpreter changed");
      } else if (event.affectsConfiguration("torchlint")) {
        manager.notifyConfigurationChanged();
      }
    }),
    // Trust lifts the restrictions on torchlint.interpreter and the probe.
    vscode.workspace.onDidGrantWorkspaceTrust(() => void manager.restart("workspace trusted")),
  );
  const watch = await onPythonInterpreterChanged(() => {
    if (settings.read(serverScope()).interpreter.length === 0) {
      void manager.restart("the Python extension's interpreter changed");
    }
  }, log);
  if (watch) context.subscriptions.push(watch);
  await manager.restart("activation");
}

export function deactivate(): Promise<void> | undefined {
  return server?.stop();
}
