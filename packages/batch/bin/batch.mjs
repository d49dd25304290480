#!/usr/bin/env node
import { batchMain } from '../dist/cli.js';

batchMain(process.argv.slice(2)).catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
});
