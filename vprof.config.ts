import base from './vitest.e2e.config';
import { mergeConfig } from 'vitest/config';
export default mergeConfig(base, { test: { execArgv: ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] } });
