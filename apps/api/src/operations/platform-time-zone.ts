import { unauthorized, validationError } from '../http/errors.ts';
import { isTimeZone, platformTimeZone, TIME_ZONE_KEY } from '../notifications/platform-settings.ts';
import { nowOf, requireCaller, type OperationContext } from './context.ts';

/**
 * Reading and setting the platform's time zone (docs/business-rules.md, “Notifications”):
 * administrators set it; everyone signed in may read it.
 */

export interface PlatformSettingsView {
  readonly timeZone: string;
}

export async function platformSettings(ctx: OperationContext): Promise<PlatformSettingsView> {
  requireCaller(ctx);
  return { timeZone: await platformTimeZone(ctx.db) };
}

/** `setPlatformTimeZone(timeZone)`: administrators only; an unknown name is refused. */
export async function setPlatformTimeZone(
  ctx: OperationContext,
  timeZone: string,
): Promise<PlatformSettingsView> {
  const caller = requireCaller(ctx);
  if (caller.role !== 'Admin') throw unauthorized('Not allowed: only an administrator may set the time zone');
  const name = timeZone.trim();
  if (!isTimeZone(name))
    throw validationError(
      `timeZone: ${JSON.stringify(name)} is not an IANA time zone name such as Europe/Zurich or UTC`,
    );
  await ctx.db.query(
    `INSERT INTO platform_setting (key, value, updated_at, updated_by) VALUES ($1, $2, $3, $4)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by`,
    [TIME_ZONE_KEY, name, nowOf(ctx).toISOString(), caller.sub],
  );
  return { timeZone: name };
}
