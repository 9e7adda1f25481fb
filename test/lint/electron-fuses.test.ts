import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { Configuration } from 'electron-builder';

type Fuses = typeof import('@electron/fuses');
type FuseName = keyof typeof import('@electron/fuses').FuseV1Options;
interface ConfigLoader {
  getConfig(projectDir: string, configPath: string | null, configFromOptions: Configuration | null): Promise<Configuration>;
  validateConfiguration(config: Configuration, debugLogger: unknown): Promise<void>;
}
interface PackagerPrototype {
  generateFuseConfig?: (fuses: NonNullable<Configuration['electronFuses']>) => Promise<Record<string, unknown>>;
}

/**
 * Electron's fuses as the packaged app gets them. The configuration is loaded by electron-builder's own
 * loader and schema (app-builder-lib, the installed electron-builder's), not parsed by hand, so a key in the
 * wrong place or misspelled fails here as it would fail `electron-builder`. Each fuse is then read from the
 * wire that electron-builder hands to @electron/fuses, indexed by @electron/fuses' own FuseV1Options names:
 * a fuse named wrong in this test does not compile, and one dropped from the YAML reads as unset.
 * Nothing here needs Electron's binary (it cannot be downloaded on this machine).
 */
const fromBuilder = createRequire(createRequire(import.meta.url).resolve('electron-builder'));
const fromLib = createRequire(fromBuilder.resolve('app-builder-lib'));
const loader = fromBuilder('app-builder-lib/out/util/config/config.js') as ConfigLoader;
const { PlatformPackager } = fromBuilder('app-builder-lib') as { PlatformPackager: { prototype: PackagerPrototype } };
const { DebugLogger } = fromLib('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };
// The @electron/fuses that electron-builder itself flips the fuses with.
const { FuseV1Options } = fromLib('@electron/fuses') as Fuses;

/** What each fuse must be in the packaged app (issue 35, and Electron's security checklist). */
const EXPECTED: Readonly<Partial<Record<FuseName, boolean>>> = {
  RunAsNode: false,
  EnableNodeOptionsEnvironmentVariable: false,
  EnableNodeCliInspectArguments: false,
  EnableEmbeddedAsarIntegrityValidation: true,
  OnlyLoadAppFromAsar: true,
  EnableCookieEncryption: true,
  // The desk is served over http from the local server; no page of the app is a file:// page.
  GrantFileProtocolExtraPrivileges: false,
};

async function packagedConfiguration(): Promise<Configuration> {
  const config = await loader.getConfig(process.cwd(), null, null);
  await loader.validateConfiguration(config, new DebugLogger(false));
  return config;
}

describe('the packaged app\'s Electron fuses (electron-builder.yml, as electron-builder loads it)', () => {
  it('electron-builder loads the configuration and accepts it against its own schema', async () => {
    const config = await packagedConfiguration();
    expect(config.electronFuses).toBeTruthy();
  });

  it('sets every fuse as the packaged app needs it, on the wire electron-builder hands to @electron/fuses', async () => {
    const config = await packagedConfiguration();
    // A private method of electron-builder's packager, used on purpose: it is the very translation from the
    // YAML's keys to the fuse wire that packaging runs. If a later electron-builder renames it, this says so.
    const generate = PlatformPackager.prototype.generateFuseConfig;
    expect(typeof generate, 'electron-builder no longer has generateFuseConfig: read its packager again').toBe('function');
    const wire = await generate!.call(null, config.electronFuses!);
    for (const [name, value] of Object.entries(EXPECTED) as [FuseName, boolean][]) {
      expect(FuseV1Options[name], `${name} is not a fuse of @electron/fuses`).toBeTypeOf('number');
      expect(wire[FuseV1Options[name]], `fuse ${name}`).toBe(value);
    }
  });

  it('packs the app into an asar, which OnlyLoadAppFromAsar requires to start at all', async () => {
    const config = await packagedConfiguration();
    expect(config.asar).not.toBe(false);
  });
});
