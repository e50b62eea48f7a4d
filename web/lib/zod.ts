// The zod every web module gets: the build resolves `import ... from 'zod'` here (vite.config.ts,
// webZod), so these settings are in place before the first schema is built, and zod loads with the
// first page that needs a schema rather than with the home page.
import '@contract/error-messages';
import { z } from 'zod';

// zod compiles object parsers with `new Function` unless told not to; our CSP (no 'unsafe-eval')
// refuses that and logs a violation, so the browser uses the plain parser. zod reads the setting
// when a schema is created.
z.config({ jitless: true });

export * from 'zod';
export { z, z as default };
