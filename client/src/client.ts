// Builds the LanguageClient for one server process: how it is started, what it is told about
// settings, how its output is logged and what happens when it dies.

import * as readline from "node:readline";
import type { Readable } from "node:stream";
import * as vscode from "vscode";
import {
  CloseAction,
  LanguageClient,
  RevealOutputChannelOn,
  State,
  TransportKind,
  type ConfigurationRequest,
  type ErrorHandler,
  type LanguageClientOptions,
} from "vscode-languageclient/node";
import { serverScope, type SettingsReader } from "./config";
import type { VerifiedInterpreter } from "./interpreter";
import { serverCommand } from "./launch";
import type { ProbeCommand } from "./probe";

export interface ClientDeps {
  extensionPath: string;
  log: vscode.LogOutputChannel;
  settings: SettingsReader;
  probe: ProbeCommand;
}

/**
 * A server that dies while starting is reported once, by whoever awaits `start()`, with the
 * last line it wrote to stderr: vscode-languageclient's own notifications and restarts are
 * held back until the server has run. Once it has, a crash is handled as by default
 * (restarted up to 4 times in 3 minutes, then the user is told).
 */
export class TorchlintClient extends LanguageClient {
  private ran = false;
  private lastLine = "";

  constructor(interpreter: VerifiedInterpreter, deps: ClientDeps) {
    const { command, args } = serverCommand(interpreter.command, deps.extensionPath);
    const cwd = serverScope()?.fsPath;
    // The server logs to stderr at every level: lines are kept as written, at info level.
    const pipe = (input: Readable, output: vscode.LogOutputChannel) => {
      readline.createInterface({ input, crlfDelay: Infinity, terminal: false }).on("line", (line) => {
        output.info(line);
        if (line.trim()) this.lastLine = line.trim();
      });
    };
    const options: LanguageClientOptions = {
      documentSelector: [
        { scheme: "file", language: "python" },
        { scheme: "untitled", language: "python" },
        { scheme: "vscode-notebook-cell", language: "python" },
      ],
      outputChannel: deps.log,
      revealOutputChannelOn: RevealOutputChannelOn.Never,
      stdioOptions: { stdout: pipe, stderr: pipe },
      initializationOptions: () => deps.settings.forServer(serverScope()),
      initializationFailedHandler: () => false,
      errorHandler: {
        error: (error, message, count) => this.defaultHandler().error(error, message, count),
        closed: () =>
          this.ran ? this.defaultHandler().closed() : { action: CloseAction.DoNotRestart, handled: true },
      },
      middleware: {
        workspace: { configuration: answerConfiguration(deps.settings) },
        executeCommand: deps.probe.middleware,
      },
    };
    super("torchlint", "torchlint", { command, args, transport: TransportKind.stdio, options: { cwd } }, options);
    this.onDidChangeState(({ newState }) => {
      if (newState === State.Running) this.ran = true;
    });
  }

  /** The server's last line on stderr: why it died, when it dies while starting. */
  get lastStderrLine(): string {
    return this.lastLine;
  }

  override error(message: string, data?: unknown, showNotification?: boolean | "force"): void {
    super.error(message, data, this.ran ? showNotification : false);
  }

  private fallbackHandler: ErrorHandler | undefined;

  private defaultHandler(): ErrorHandler {
    this.fallbackHandler ??= this.createDefaultErrorHandler();
    return this.fallbackHandler;
  }
}

/**
 * The `torchlint` section of workspace/configuration is answered with the server's object,
 * not the raw settings, which also hold the client's own (`interpreter`, `trace`).
 */
function answerConfiguration(settings: SettingsReader): ConfigurationRequest.MiddlewareSignature {
  return async (params, token, next) => {
    const answers: unknown = await next(params, token);
    if (!Array.isArray(answers)) return answers as ReturnType<typeof next>;
    return params.items.map((item, i) =>
      item.section === "torchlint"
        ? settings.forServer(item.scopeUri ? vscode.Uri.parse(item.scopeUri) : serverScope())
        : (answers[i] as unknown),
    );
  };
}
