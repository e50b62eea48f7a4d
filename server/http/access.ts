import type { FastifyInstance } from 'fastify';
import type { OrganizationAct } from '@contract/organization-team';

/**
 * Every /api route declares who may call it in `config.access`. 'public' is open to anyone;
 * a list of roles needs a signed-in user holding one of them ('admin' covers every admin role,
 * 'super_admin' only the super admin role, docs/decisions/0024).
 */
export type Access =
  'public' | ReadonlyArray<'recipient' | 'donor' | 'organization' | 'caseworker' | 'admin' | 'super_admin'>;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * Callable by a session that must choose its own password first (an admin made with a
     * temporary one); every other signed-in route refuses it until the password is changed.
     */
    allowWhilePasswordMustChange?: boolean;
    /**
     * Callable by an admin who has no second factor yet: setting one up, and what
     * `allowWhilePasswordMustChange` opens. Every other route refuses such an admin (docs/decisions/0070).
     */
    allowWithoutSecondFactor?: boolean;
    /** An act that moves money or power: it needs a second-factor check on the session within minutes (docs/decisions/0071). */
    stepUp?: boolean;
    /**
     * What a route open to organizations does for one, from the team's table of acts
     * (`ORGANIZATION_ACTS`, docs/decisions/0075): the member's role must allow it. Every route that
     * admits the organization role names one; `self` is the person's own account.
     */
    organizationAct?: OrganizationAct;
  }
}

export type DeclaredRoute = {
  method: string;
  url: string;
  access: Access;
  /** Asks for a recent second-factor check (docs/decisions/0071). */
  stepUp?: boolean;
  /** What the route does for an organization, when it admits one (docs/decisions/0075). */
  organizationAct?: OrganizationAct;
};

const SCOPE_ACCESS = Symbol('scopeAccess');
type ScopeDeclaration = { [SCOPE_ACCESS]?: { access: Access } };

/**
 * Declares who may call every route registered in this scope and the scopes inside it, for a plugin
 * whose routes cannot carry `config.access` themselves (the API reference's pages and files). A
 * route's own declaration still wins.
 */
export function declareScopeAccess(scope: FastifyInstance, access: Access): void {
  scope.decorate(SCOPE_ACCESS, { access });
}

/** Refuses to register an /api route that does not say who may call it, and records the table. */
export function enforceAccessDeclarations(app: FastifyInstance, table: DeclaredRoute[]): void {
  app.addHook('onRoute', function (route) {
    if (!route.url.startsWith('/api/')) return;
    const config = route.config as { access?: Access; stepUp?: boolean; organizationAct?: OrganizationAct } | undefined;
    const access = config?.access ?? (this as unknown as ScopeDeclaration)[SCOPE_ACCESS]?.access;
    if (access === undefined) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no access (config.access).`);
    }
    // Routes written once for both kinds carry the act for either; only one admitting organizations keeps it.
    const admitsOrganizations = access !== 'public' && access.includes('organization');
    const act = admitsOrganizations ? config?.organizationAct : undefined;
    if (admitsOrganizations && act === undefined) {
      throw new Error(`Route ${String(route.method)} ${route.url} admits organizations but names no organizationAct.`);
    }
    // The role check and the API description read the route's own config.
    route.config = { ...route.config, access };
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      table.push({
        method,
        url: route.url,
        access,
        ...(config?.stepUp ? { stepUp: true } : {}),
        ...(act ? { organizationAct: act } : {}),
      });
    }
  });
}
