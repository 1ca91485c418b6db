// The `torchlint.*` settings as the extension uses them, and the object the server receives.
// No `vscode` import, so unit tests run under plain Node. Defaults are never written here:
// they come from package.json (the extension's manifest), so the two cannot drift.

export type Severity = "error" | "warning" | "information" | "hint";
export type ProbeDevice = "auto" | "cpu" | "cuda";

export interface ProbeSettings {
  enabled: boolean;
  device: ProbeDevice;
  timeout: number;
}

export interface Settings {
  /** Command line of the Python that runs the server; empty: not set. */
  interpreter: string[];
  select: string[];
  ignore: string[];
  severity: Record<string, Severity>;
  probe: ProbeSettings;
}

/**
 * What the server gets as `initializationOptions` and as the `torchlint` section of
 * `workspace/configuration`. A rule setting left empty is omitted, so the project's
 * `[tool.torchlint]` in pyproject.toml is not masked by an editor default.
 */
export interface ServerSettings {
  select?: string[];
  ignore?: string[];
  severity?: Record<string, Severity>;
  probe: ProbeSettings;
}

const SEVERITIES: readonly string[] = ["error", "warning", "information", "hint"];
const DEVICES: readonly string[] = ["auto", "cpu", "cuda"];

// One parser per key (without the `torchlint.` prefix); undefined means "invalid".
const parsers = {
  interpreter: (v: unknown): string[] | undefined => {
    if (typeof v === "string") return v.trim() ? [v.trim()] : [];
    return stringArray(v)?.filter((part) => part.trim() !== "");
  },
  select: (v: unknown) => codeList(v),
  ignore: (v: unknown) => codeList(v),
  severity: (v: unknown): Record<string, Severity> | undefined => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return undefined;
    const entries: [string, unknown][] = Object.entries(v);
    return entries.every(isSeverityEntry) ? Object.fromEntries(entries) : undefined;
  },
  "probe.enabled": (v: unknown) => (typeof v === "boolean" ? v : undefined),
  "probe.device": (v: unknown) =>
    typeof v === "string" && DEVICES.includes(v) ? (v as ProbeDevice) : undefined,
  "probe.timeout": (v: unknown) =>
    typeof v === "number" && Number.isFinite(v) && v > 0 ? v : undefined,
};

export type SettingKey = keyof typeof parsers;
type Parsed<K extends SettingKey> = NonNullable<ReturnType<(typeof parsers)[K]>>;
const parserFor = <K extends SettingKey>(key: K) => parsers[key] as (v: unknown) => Parsed<K> | undefined;
export const SETTING_KEYS = Object.keys(parsers) as SettingKey[];
/** Contributed settings that vscode-languageclient reads by itself. */
export const LANGUAGE_CLIENT_KEYS: readonly string[] = ["trace.server"];

const EXPECTED: Record<SettingKey, string> = {
  interpreter: "a path or a list of strings",
  select: "a list of rule codes such as TL101 or prefixes such as TL1",
  ignore: "a list of rule codes such as TL101 or prefixes such as TL1",
  severity: 'an object such as {"TL101": "error"} (error, warning, information or hint)',
  "probe.enabled": "true or false",
  "probe.device": "auto, cpu or cuda",
  "probe.timeout": "a number of seconds above 0",
};

function isSeverityEntry(entry: [string, unknown]): entry is [string, Severity] {
  return typeof entry[1] === "string" && SEVERITIES.includes(entry[1]);
}

function stringArray(v: unknown): string[] | undefined {
  return Array.isArray(v) && v.every((item) => typeof item === "string") ? v : undefined;
}

function codeList(v: unknown): string[] | undefined {
  // A comma-separated string is what people type in settings.json by mistake; take it.
  const list = typeof v === "string" ? v.split(",") : stringArray(v);
  return list?.map((code) => code.trim()).filter((code) => code !== "");
}

export type Defaults = { [K in SettingKey]: Parsed<K> };

/** The `default` of every parsed setting in the manifest; throws when one is missing or invalid. */
export function defaultsFromManifest(manifest: unknown): Defaults {
  const properties = (manifest as ManifestShape | undefined)?.contributes?.configuration?.properties;
  if (!properties) throw new Error("package.json: contributes.configuration.properties is missing");
  const parsed = SETTING_KEYS.map((key) => {
    const value = properties[`torchlint.${key}`]?.default;
    const parsedValue = parserFor(key)(value);
    if (parsedValue === undefined) {
      throw new Error(`package.json: torchlint.${key} has no valid default (${JSON.stringify(value)})`);
    }
    return [key, parsedValue];
  });
  return Object.fromEntries(parsed) as Defaults;
}

interface ManifestShape {
  contributes?: { configuration?: { properties?: Record<string, { default?: unknown } | undefined> } };
}

/**
 * Reads every setting through `read` (undefined: not set). An invalid value is replaced by
 * its default and reported in `problems`, one readable line each; this never throws.
 */
export function parseSettings(
  read: (key: SettingKey) => unknown,
  defaults: Defaults,
): { settings: Settings; problems: string[] } {
  const problems: string[] = [];
  const get = <K extends SettingKey>(key: K): Parsed<K> => {
    const raw = read(key);
    const parsed = raw === undefined ? undefined : parserFor(key)(raw);
    if (parsed !== undefined) return parsed;
    if (raw !== undefined) {
      problems.push(
        `torchlint.${key} is ${JSON.stringify(raw)}; expected ${EXPECTED[key]}. Using the default.`,
      );
    }
    return defaults[key];
  };
  const settings: Settings = {
    interpreter: get("interpreter"),
    select: get("select"),
    ignore: get("ignore"),
    severity: get("severity"),
    probe: {
      enabled: get("probe.enabled"),
      device: get("probe.device"),
      timeout: get("probe.timeout"),
    },
  };
  return { settings, problems };
}

/** The server's view. The probe runs user code, so it is off in an untrusted workspace. */
export function toServerSettings(settings: Settings, trusted: boolean): ServerSettings {
  const out: ServerSettings = {
    probe: { ...settings.probe, enabled: settings.probe.enabled && trusted },
  };
  if (settings.select.length > 0) out.select = settings.select;
  if (settings.ignore.length > 0) out.ignore = settings.ignore;
  if (Object.keys(settings.severity).length > 0) out.severity = settings.severity;
  return out;
}
