import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  defaultsFromManifest,
  LANGUAGE_CLIENT_KEYS,
  parseSettings,
  SETTING_KEYS,
  toServerSettings,
  type SettingKey,
} from "../src/settings";
import { contributedSettings, readManifest } from "./manifest";

const defaults = defaultsFromManifest(readManifest());
const unset = () => undefined;

describe("settings and package.json", () => {
  it("parses exactly the settings package.json contributes", () => {
    const contributed = Object.keys(contributedSettings()).map((k) => k.replace(/^torchlint\./, ""));
    assert.deepEqual(
      [...SETTING_KEYS, ...LANGUAGE_CLIENT_KEYS].sort(),
      contributed.sort(),
    );
  });

  it("every contributed setting has a description and a default", () => {
    for (const [key, schema] of Object.entries(contributedSettings())) {
      const described = schema as { description?: string; markdownDescription?: string };
      assert.ok(described.description ?? described.markdownDescription, `${key} has no description`);
      assert.ok("default" in schema, `${key} has no default`);
    }
  });

  it("with nothing set, gives package.json's defaults", () => {
    const properties = contributedSettings();
    const def = (key: SettingKey) => properties[`torchlint.${key}`]?.default;
    const { settings, problems } = parseSettings(unset, defaults);
    assert.deepEqual(problems, []);
    assert.deepEqual(settings, {
      interpreter: def("interpreter"),
      select: def("select"),
      ignore: def("ignore"),
      severity: def("severity"),
      probe: {
        enabled: def("probe.enabled"),
        device: def("probe.device"),
        timeout: def("probe.timeout"),
      },
    });
  });

  it("rejects a manifest without a valid default", () => {
    const manifest = readManifest() as {
      contributes: { configuration: { properties: Record<string, { default?: unknown }> } };
    };
    const broken = structuredClone(manifest);
    const timeout = broken.contributes.configuration.properties["torchlint.probe.timeout"];
    assert.ok(timeout);
    timeout.default = "soon";
    assert.throws(() => defaultsFromManifest(broken), /torchlint\.probe\.timeout/);
    assert.throws(() => defaultsFromManifest({}), /contributes/);
  });
});

describe("parseSettings", () => {
  const parse = (values: Partial<Record<SettingKey, unknown>>) =>
    parseSettings((key) => values[key], defaults);

  it("takes valid values", () => {
    const { settings, problems } = parse({
      interpreter: ["/opt/py/bin/python", "-X", "utf8"],
      select: ["TL1", "TL201"],
      ignore: ["TL201"],
      severity: { TL101: "error", TL3: "hint" },
      "probe.enabled": true,
      "probe.device": "cuda",
      "probe.timeout": 5,
    });
    assert.deepEqual(problems, []);
    assert.deepEqual(settings.interpreter, ["/opt/py/bin/python", "-X", "utf8"]);
    assert.deepEqual(settings.select, ["TL1", "TL201"]);
    assert.deepEqual(settings.severity, { TL101: "error", TL3: "hint" });
    assert.deepEqual(settings.probe, { enabled: true, device: "cuda", timeout: 5 });
  });

  it("takes the interpreter as a single path, and a comma-separated code list", () => {
    const { settings, problems } = parse({ interpreter: " /usr/bin/python3 ", ignore: "TL201, TL3" });
    assert.deepEqual(problems, []);
    assert.deepEqual(settings.interpreter, ["/usr/bin/python3"]);
    assert.deepEqual(settings.ignore, ["TL201", "TL3"]);
  });

  it("replaces each invalid value by its default and says which setting and why", () => {
    const { settings, problems } = parse({
      interpreter: 42,
      select: [1, 2],
      severity: { TL101: "fatal" },
      "probe.enabled": "yes",
      "probe.device": "tpu",
      "probe.timeout": -1,
    });
    const { settings: fallback } = parse({});
    assert.deepEqual(settings, fallback);
    assert.equal(problems.length, 6);
    assert.match(problems.join("\n"), /torchlint\.severity is \{"TL101":"fatal"\}; expected .*error, warning/);
    assert.match(problems.join("\n"), /torchlint\.probe\.device is "tpu"; expected auto, cpu or cuda/);
  });
});

describe("toServerSettings", () => {
  const { settings } = parseSettings(unset, defaults);

  it("leaves out rule settings the user did not set, so pyproject.toml decides", () => {
    assert.deepEqual(Object.keys(toServerSettings(settings, true)), ["probe"]);
  });

  it("passes rule settings that are set, and never the client's own settings", () => {
    const custom = { ...settings, ignore: ["TL201"], interpreter: ["/x/python"], severity: { TL1: "hint" as const } };
    const sent = toServerSettings(custom, true);
    assert.deepEqual(sent.ignore, ["TL201"]);
    assert.deepEqual(sent.severity, { TL1: "hint" });
    assert.ok(!("interpreter" in sent));
  });

  it("turns the probe off in an untrusted workspace", () => {
    const enabled = { ...settings, probe: { ...settings.probe, enabled: true } };
    assert.equal(toServerSettings(enabled, true).probe.enabled, true);
    assert.equal(toServerSettings(enabled, false).probe.enabled, false);
  });
});
