import { svelte } from '@sveltejs/vite-plugin-svelte';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The desk (renderer/) built into dist/desk, which the local server serves at `/` (core/api/desk-site.ts)
 * and electron-builder packages with the rest of dist/. Hashed file names under assets/ let the server
 * cache them forever.
 */
export const DESK_OUT_DIR = fileURLToPath(new URL('./dist/desk', import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL('./renderer', import.meta.url)),
  base: '/',
  plugins: [svelte()],
  clearScreen: false,
  logLevel: 'warn',
  build: { outDir: DESK_OUT_DIR, emptyOutDir: true, assetsDir: 'assets', target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 1_000 },
});
