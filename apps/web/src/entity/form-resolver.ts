import type { FieldDef } from '@rf/domain/fields';
import type { ModelName } from '@rf/domain/entity';
import { recordRuleIssues } from '@rf/domain/rules/record-rules';
import { recordSchema } from '@rf/domain/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import type { Values } from './form-sections.tsx';
import { todayIso } from './format.ts';
import { fieldNamed, fromFormValues, humanise } from './form-values.ts';
import type { ApiRecord } from './graphql-client.ts';
import { entity } from './queries.ts';

/**
 * The form's validation: the domain's record schema over what is typed plus the fixed values, the
 * fields required here, and the rules the server checks across fields next to the field they name;
 * messages in the screen's words.
 */
export function formResolver({
  model,
  fields,
  fixed,
  record,
}: {
  model: ModelName;
  fields: readonly FieldDef[];
  fixed: Readonly<Record<string, unknown>> | undefined;
  record: ApiRecord | null | undefined;
}): Resolver<Values> {
  const e = entity(model);
  const base = recordSchema(e, { requireRequired: false });
  const requiredShown = fields.filter((f) => f.required);
  const schema = z.preprocess(
    (values) => ({ ...fromFormValues(fields, values as Values), ...(fixed ?? {}) }),
    base.superRefine((value, ctx) => {
      const v = value as Values;
      for (const f of requiredShown) {
        if (v[f.name] === null || v[f.name] === undefined) {
          ctx.addIssue({ code: 'custom', path: [f.name], message: `${f.label} is required` });
        }
      }
      // The rules the server checks across fields (record-rules.ts), next to the field they name;
      // a rule about a field this form does not show is left to the server's answer.
      for (const issue of recordRuleIssues(model, { ...(record ?? {}), ...v }, todayIso())) {
        const f = fieldNamed(issue, fields);
        if (
          f &&
          !requiredShown.some((r) => r.name === f.name && (v[f.name] === null || v[f.name] === undefined))
        )
          ctx.addIssue({ code: 'custom', path: [f.name], message: issue });
      }
    }),
  );
  const zr = zodResolver(schema as unknown as z.ZodType<Values, Values>) as unknown as Resolver<Values>;
  return async (values, context, options) => {
    const result = await zr(values, context, options);
    for (const err of Object.values(result.errors)) {
      if (err && typeof err.message === 'string') err.message = humanise(err.message, e.allFields);
    }
    return result;
  };
}
