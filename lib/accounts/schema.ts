import { z } from "zod";

/**
 * Who may do what, as data: pure, so pages, components and the server read the same rules. The server
 * checks them (lib/auth/access.ts); components only hide what a role cannot use.
 */
export const ROLES = ["viewer", "reviewer", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** What an entry point needs: read (pages, search, export), propose (ingest), review (decide, edit), admin. */
export const PERMISSIONS = ["read", "propose", "review", "admin"] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** What an agent token may be given: never admin. */
export const TOKEN_SCOPES = ["read", "propose", "review"] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

const ROLE_GRANTS: Record<Role, readonly Permission[]> = {
  viewer: ["read"],
  reviewer: ["read", "propose", "review"],
  admin: ["read", "propose", "review", "admin"],
};

/** Whether a role allows a permission. */
export function roleAllows(role: Role, need: Permission): boolean {
  return ROLE_GRANTS[role].includes(need);
}

/** Whether a token's scopes allow a permission: each scope grants itself only (a propose token cannot read). */
export function scopesAllow(scopes: readonly TokenScope[], need: Permission): boolean {
  return need !== "admin" && scopes.includes(need);
}

/** The signed-in person as pages and components see them (no token: tokens never render pages). */
export interface Viewer {
  name: string;
  role: Role;
  /** false in local mode: nobody signs in or out. */
  accounts: boolean;
  /** What their role allows, for hiding what they cannot use. */
  allows: Permission[];
}

const password = z.string().min(10, "At least 10 characters.").max(128, "At most 128 characters.");

/** A new account: the first admin on the setup page, or a user an admin adds. */
export const NewUserSchema = z.object({
  name: z.string().trim().min(1, "Give a name.").max(100),
  email: z.email("Give an email address.").trim().toLowerCase(),
  password,
  role: z.enum(ROLES).default("viewer"),
});
export type NewUser = z.infer<typeof NewUserSchema>;

/** A new agent token: a name to recognise it by and at least one scope. */
export const NewTokenSchema = z.object({
  name: z.string().trim().min(1, "Name the token (what uses it).").max(100),
  scopes: z
    .preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(z.enum(TOKEN_SCOPES)))
    .pipe(z.array(z.enum(TOKEN_SCOPES)).min(1, "Give the token at least one scope.")),
  /** The spaces it reaches, by slug (issue 27); the default space when none is named. */
  spaces: z
    .preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(z.string().max(40)).max(100))
    .optional(),
});
export type NewToken = z.infer<typeof NewTokenSchema>;

/** A token as the admin page lists it (never the token itself). */
export interface TokenRow {
  id: string;
  name: string;
  prefix: string;
  scopes: TokenScope[];
  /** The names of the spaces it reaches. */
  spaces: string[];
  createdBy: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** A user as the admin page lists them. */
export interface UserRow {
  id: string;
  name: string;
  email: string | null;
  role: Role;
  createdAt: string;
}
