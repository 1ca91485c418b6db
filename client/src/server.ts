// The server's life: find a usable interpreter, start the bundled server in it, restart it on
// request, and keep the status item and the probe command in step with it.

import * as os from "node:os";
import * as vscode from "vscode";
import { DidChangeConfigurationNotification, State } from "vscode-languageclient/node";
import { TorchlintClient, type ClientDeps } from "./client";
import { serverScope } from "./config";
import {
  candidates,
  describeRejection,
  noInterpreterMessage,
  resolveInterpreter,
  type VerifiedInterpreter,
} from "./interpreter";
import { RUN_PROBE } from "./probe";
import { pythonExtensionInterpreter } from "./pythonExtension";
import type { ServerStatus } from "./status";
import { expandVariables } from "./variables";

/** Stopped by `deactivate()`, which VS Code awaits, rather than by a synchronous dispose. */
export class ServerManager {
  private current: TorchlintClient | undefined;
  // Restarts run one after another, so quick setting changes never start two servers.
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: ClientDeps,
    private readonly status: ServerStatus,
  ) {}

  restart(reason: string): Promise<void> {
    return this.enqueue(() => this.replace(reason));
  }

  stop(): Promise<void> {
    return this.enqueue(() => this.stopClient());
  }

  // A step that throws is logged, and never blocks the steps queued after it.
  private enqueue(step: () => Promise<void>): Promise<void> {
    this.queue = this.queue.then(step).catch((error: unknown) => {
      this.deps.log.error(`torchlint extension: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    });
    return this.queue;
  }

  /** Other settings reach the running server without a restart; it pulls them again. */
  notifyConfigurationChanged(): void {
    const client = this.current;
    if (!client?.isRunning()) return;
    const settings = { torchlint: this.deps.settings.forServer(serverScope()) };
    void client.sendNotification(DidChangeConfigurationNotification.type, { settings });
  }

  private async replace(reason: string): Promise<void> {
    const { log, probe } = this.deps;
    log.info(`Starting the server (${reason})`);
    await this.stopClient();
    this.status.set({ kind: "starting" });
    const interpreter = await this.findInterpreter();
    if (!interpreter) return;
    const started = new TorchlintClient(interpreter, this.deps);
    this.current = started;
    started.onDidChangeState(({ newState }) => {
      // Stopped while it is still ours: it crashed and vscode-languageclient gave up on it.
      if (newState === State.Stopped && this.current === started) {
        this.status.set({ kind: "failed", detail: "The server stopped; see the output." });
      }
    });
    probe.withdrawStandIn(); // the client registers the server's torchlint.runProbe
    try {
      await started.start();
    } catch (error) {
      await this.stopClient();
      const why = started.lastStderrLine || String(error);
      this.fail(`The torchlint server did not start: ${why}. The output has the details.`);
      return;
    }
    const commands = started.initializeResult?.capabilities.executeCommandProvider?.commands;
    if (!commands?.includes(RUN_PROBE)) {
      probe.provideStandIn("This version of the torchlint server has no runtime probe.");
    }
    this.status.set({
      kind: "running",
      detail: `Python ${interpreter.version}: ${interpreter.executable}`,
    });
  }

  private async findInterpreter(): Promise<VerifiedInterpreter | undefined> {
    const { log, settings } = this.deps;
    const scope = serverScope();
    const context = { workspaceFolder: scope?.fsPath, userHome: os.homedir(), env: process.env };
    const setting = settings.read(scope).interpreter.map((part) => expandVariables(part, context));
    const fromExtension = setting.length > 0 ? undefined : await pythonExtensionInterpreter(scope, log);
    const resolution = await resolveInterpreter(candidates(setting, fromExtension));
    for (const rejected of resolution.rejected) log.warn(`Not usable: ${describeRejection(rejected)}`);
    if (!resolution.ok) {
      this.fail(noInterpreterMessage(resolution.rejected));
      return undefined;
    }
    const { executable, version, source } = resolution.interpreter;
    log.info(`Using ${executable} (Python ${version}) from ${source}`);
    return resolution.interpreter;
  }

  /** The one message the user gets, with the two ways forward. */
  private fail(message: string): void {
    this.deps.log.error(message);
    this.status.set({ kind: "failed", detail: message });
    void vscode.window.showErrorMessage(message, "Open Settings", "Show Output").then((choice) => {
      if (choice === "Open Settings") {
        void vscode.commands.executeCommand("workbench.action.openSettings", "torchlint.interpreter");
      } else if (choice === "Show Output") {
        this.deps.log.show();
      }
    });
  }

  private async stopClient(): Promise<void> {
    const client = this.current;
    this.current = undefined;
    if (client) {
      this.status.set({ kind: "stopped" });
      if (!client.needsStop()) {
        // It never started (or already died): nothing to shut down, so nothing to report.
        await client.dispose().catch(() => undefined);
      } else {
        await client.dispose(2000).catch((error: unknown) => {
          this.deps.log.warn(`Stopping the server: ${String(error)}`);
        });
      }
    }
    // Only now: until the client is disposed, it holds the server's torchlint.runProbe.
    this.deps.probe.provideStandIn();
  }
}
