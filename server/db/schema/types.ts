import { customType } from 'drizzle-orm/pg-core';

/** Full-text vector; only ever written by PostgreSQL itself (generated column). */
export const tsvector = customType<{ data: string }>({
  dataType() {
    return 'tsvector';
  },
});
