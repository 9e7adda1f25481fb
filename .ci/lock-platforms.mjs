#!/usr/bin/env node
// Keeps package-lock.json valid for `npm ci` when some platform binaries of a native package are not
// in the registry this project installs from (litesvm publishes one package per platform; here only
// linux-x64-gnu is served). `npm install` then leaves those optional packages out of the lock, and
// `npm ci` refuses the lock as out of sync. This adds the missing entries with their os/cpu/libc, so
// `npm ci` skips them on other platforms and a machine that has them can still fetch them.
// Run it after any `npm install` that rewrites the lock: `node .ci/lock-platforms.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';

const path = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8'));
const packages = lock.packages;
const added = [];

function platformOf(name) {
  const m = /-(darwin|linux|win32|freebsd|android)-(x64|arm64|ia32|arm)(?:-(gnu|musl|msvc|gnueabihf))?$/.exec(name);
  if (!m) return null;
  const entry = { os: [m[1]], cpu: [m[2]] };
  if (m[3] === 'gnu' || m[3] === 'gnueabihf') entry.libc = ['glibc'];
  if (m[3] === 'musl') entry.libc = ['musl'];
  return entry;
}

for (const [location, info] of Object.entries(packages)) {
  for (const [dep, range] of Object.entries(info.optionalDependencies ?? {})) {
    const parent = location === '' ? '' : `${location}/`;
    if (packages[`${parent}node_modules/${dep}`] || packages[`node_modules/${dep}`]) continue;
    const platform = platformOf(dep);
    if (!platform) continue;
    packages[`node_modules/${dep}`] = { version: String(range).replace(/^[\^~=]/, ''), optional: true, ...platform };
    added.push(dep);
  }
}
const check = process.argv.includes('--check');
if (check && added.length > 0) {
  process.stderr.write(`package-lock.json lacks platform packages (${added.join(', ')}); npm ci would refuse it. Run: node .ci/lock-platforms.mjs\n`);
  process.exit(1);
}
if (added.length > 0) {
  lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0)));
  writeFileSync(path, JSON.stringify(lock, null, 2) + '\n');
}
if (!check) process.stdout.write(added.length > 0 ? `added to the lock: ${added.join(', ')}\n` : 'lock already lists every platform package\n');
