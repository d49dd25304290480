#!/usr/bin/env node
import { workerMain } from '../dist/cli.js';

workerMain(process.argv.slice(2)).catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
});
