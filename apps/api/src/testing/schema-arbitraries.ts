import fc from 'fast-check';
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  type GraphQLField,
  type GraphQLInputObjectType,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';
import {
  ALL_OPERATIONS,
  MODEL_NAMES,
  REGISTRY,
  isModelName,
  type FieldDef,
  type ModelName,
} from '@rf/domain';
import { sampleInput, sampleValue } from './samples.ts';

/**
 * fast-check arbitraries of GraphQL operations derived from a served schema and the registry: every
 * query and mutation with arguments that are sometimes valid (registry sample values, real ids)
 * and often hostile (NUL bytes, huge and negative numbers, impossible dates, deep nesting, wrong
 * types, unknown fields, random ids), sent as variables or written inline.
 */
export interface FuzzOperation {
  readonly query: string;
  readonly variables: Record<string, unknown>;
}

const day = (offset: number): string => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const NUL_STRINGS = ['\u0000', 'a\u0000b', 'sample\u0000name'];
const HOSTILE_STRINGS = [
  '',
  ' ',
  "'; DROP TABLE supplier; --",
  '%_\\',
  '"quoted"',
  '\ud800',
  '😀 ünïcödé',
  'x'.repeat(5000),
  '<script>alert(1)</script>',
  '../../etc/passwd',
  'null',
  'NaN',
  'Infinity',
  '1e400',
  '-0',
  '2026-02-30',
  '0000-01-01',
  '2026-13-45',
  '2026-02-30T10:00:00Z',
  '99999-01-01T00:00:00Z',
  '00000000-0000-0000-0000-000000000000',
  '------------------------------------',
  'SOFR(3M)',
];
const HOSTILE_NUMBERS = [0, -1, 1.5, -2147483649, 2147483648, 2 ** 53, -(2 ** 53), 1e308, -1e308, 5e-324];

/** A field of any model by name, for values that fit it (the first model declaring it). */
const FIELDS = new Map<string, FieldDef>();
for (const model of MODEL_NAMES)
  for (const f of REGISTRY[model].allFields) if (!FIELDS.has(f.name)) FIELDS.set(f.name, f);

const hostileString = fc.oneof(
  { weight: 1, arbitrary: fc.constantFrom(...NUL_STRINGS) },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
);
const anyJson = fc.jsonValue({ maxDepth: 2 });

/** Values that fit a field of the registry: its sample, its enum values, or a plausible neighbour. */
function plausible(name: string): fc.Arbitrary<unknown> | null {
  if (name === 'model') return fc.constantFrom(...MODEL_NAMES);
  if (name === '_version') return fc.integer({ min: 1, max: 4 });
  const f = FIELDS.get(name);
  if (!f) return null;
  const sample = sampleValue(f);
  const options: fc.Arbitrary<unknown>[] = [];
  if (sample !== undefined) options.push(fc.constant(sample));
  if (f.values?.length) options.push(fc.constantFrom(...f.values));
  if (f.type === 'date') options.push(fc.integer({ min: -400, max: 400 }).map(day));
  if (f.type === 'money' || f.type === 'rate' || f.type === 'ratio')
    options.push(
      fc.constantFrom('0', '0.00', '-5', '100', '1000000000.01', '12.345', '99999999999999999999'),
    );
  return options.length ? fc.oneof(...options) : null;
}

/**
 * Ordinary values of a scalar: what a well-behaved client sends (registry samples, real ids, real
 * dates), so that most operations carry one or two hostile values, not only hostile ones.
 */
function ordinaryScalar(type: string, name: string, ids: readonly string[]): fc.Arbitrary<unknown> {
  const fits = plausible(name);
  const or = (other: fc.Arbitrary<unknown>) => (fits ? fc.oneof(fits, other) : other);
  switch (type) {
    case 'ID':
      return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...ids) }, fc.uuid());
    case 'Int':
    case 'Float':
    case 'AWSTimestamp':
      return or(fc.integer({ min: 0, max: 100 }));
    case 'Boolean':
      return fc.boolean();
    case 'Decimal':
      return or(fc.constantFrom('1250.50', '0', '100', '0.5'));
    case 'AWSDate':
      return or(fc.integer({ min: -400, max: 400 }).map(day));
    case 'AWSDateTime':
      return fc.integer({ min: -400, max: 400 }).map((n) => `${day(n)}T12:00:00.000Z`);
    case 'AWSJSON':
      return fc
        .dictionary(fc.constantFrom(...FIELDS.keys()), fc.oneof(fc.string({ maxLength: 12 }), fc.integer()), {
          maxKeys: 3,
        })
        .map((v) => JSON.stringify(v));
    default:
      return or(fc.stringMatching(/^[A-Za-z0-9 .@-]{0,16}$/));
  }
}

/** Hostile values of a scalar: wrong formats, edge numbers, NUL bytes, impossible dates. */
function hostileScalar(type: string): fc.Arbitrary<unknown> {
  switch (type) {
    case 'Int':
    case 'Float':
    case 'AWSTimestamp':
      return fc.oneof(fc.constantFrom(...HOSTILE_NUMBERS), hostileString);
    case 'Boolean':
      return fc.constantFrom('true', 1, 0, 'yes');
    case 'Decimal':
      return fc.oneof(
        fc.constantFrom('-1', '1e5', 'abc', '1e400', '0.0000000001'),
        fc.double(),
        hostileString,
      );
    case 'AWSJSON':
      return fc.oneof(
        fc
          .dictionary(fc.constantFrom(...FIELDS.keys()), fc.oneof(hostileString, anyJson))
          .map((v) => JSON.stringify(v)),
        fc
          .array(fc.dictionary(fc.constantFrom(...FIELDS.keys()), hostileString), { maxLength: 3 })
          .map((v) => JSON.stringify(v)),
        fc.constantFrom('{', '[]', 'null', '"\\u0000"', `${'['.repeat(100)}${']'.repeat(100)}`),
        hostileString,
      );
    default:
      return hostileString;
  }
}

/** A scalar's value: ordinary four times in five, hostile otherwise. */
function scalarArbitrary(type: string, name: string, ids: readonly string[]): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 4, arbitrary: ordinaryScalar(type, name, ids) },
    { weight: 1, arbitrary: hostileScalar(type) },
  );
}

/** Arbitraries of the input values of one schema, built once per type and depth. */
export class InputArbitraries {
  private readonly memo = new Map<string, fc.Arbitrary<unknown>>();
  /** `world` holds one real record of each model; `ids` are more real ids of any kind. */
  constructor(
    private readonly world: Readonly<Record<ModelName, string>>,
    private readonly ids: readonly string[],
  ) {}

  /**
   * A valid value of an input type the registry describes, to change a field or two of: a
   * complete new record for `CreateXInput` (its references to the world's records), the world's
   * record of the model for `UpdateXInput`, `DeleteXInput` and the inputs of lifecycle operations.
   */
  private baseOf(typeName: string): fc.Arbitrary<Record<string, unknown>> | null {
    const [, kind, name] = /^(Create|Update|Delete)(\w+)Input$/.exec(typeName) ?? [];
    const operation = ALL_OPERATIONS.find(
      (o) => `${o.name[0]?.toUpperCase()}${o.name.slice(1)}Input` === typeName,
    );
    const model = name && isModelName(name) ? name : operation?.model;
    if (!model) return null;
    const entity = REGISTRY[model];
    if (kind === 'Create') {
      const refs = Object.fromEntries(
        entity.fields
          .filter((f) => f.type === 'ref' && f.ref && isModelName(f.ref))
          .map((f) => [f.name, this.world[f.ref as ModelName]]),
      );
      // Each its own invoice number and dates (sampleInput), so the map runs per value.
      return fc.constant(null).map(() => sampleInput(entity, refs));
    }
    return fc.integer({ min: 1, max: 4 }).map((version) => ({ id: this.world[model], _version: version }));
  }

  /** A value for a place of `type` named `name`; now and then of a wrong type altogether. */
  value(type: GraphQLInputType, name: string, depth = 0): fc.Arbitrary<unknown> {
    const right = this.typed(type, name, depth);
    return fc.oneof({ weight: 30, arbitrary: right }, { weight: 1, arbitrary: anyJson });
  }

  private typed(type: GraphQLInputType, name: string, depth: number): fc.Arbitrary<unknown> {
    if (isNonNullType(type)) return this.typed(type.ofType, name, depth);
    if (isListType(type))
      return fc.oneof(
        fc.array(this.value(type.ofType, name, depth + 1), { maxLength: 3 }),
        this.value(type.ofType, name, depth + 1),
      );
    if (isEnumType(type))
      return fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...type.getValues().map((v) => v.name)) },
        { weight: 1, arbitrary: hostileString },
      );
    if (isInputObjectType(type)) return this.object(type, depth);
    return scalarArbitrary(type.name, name, this.ids);
  }

  private object(type: GraphQLInputObjectType, depth: number): fc.Arbitrary<unknown> {
    const key = `${type.name}@${Math.min(depth, 3)}`;
    const known = this.memo.get(key);
    if (known) return known;
    const recursive = (name: string) => name === 'and' || name === 'or' || name === 'not';
    const fields = Object.values(type.getFields()).filter((f) => depth < 2 || !recursive(f.name));
    const values = new Map(fields.map((f) => [f.name, this.value(f.type, f.name, depth + 1)]));
    // The required fields, mostly, and a few others: a value that is all valid now and then
    // reaches the operation behind it, where a wide random one would always fail coercion first.
    const required = fields.filter((f) => isNonNullType(f.type)).map((f) => f.name);
    const optional = fields.filter((f) => !isNonNullType(f.type)).map((f) => f.name);
    const chosen = fc
      .tuple(
        fc.subarray(required),
        fc.subarray(optional, { maxLength: Math.min(3, optional.length) }),
        fc.nat(9),
      )
      .map(([some, others, n]) => [...(n === 0 ? some : required), ...others]);
    const generated = chosen.chain((names) =>
      fc
        .tuple(...names.map((n) => values.get(n) as fc.Arbitrary<unknown>))
        .map((vs) => Object.fromEntries(names.map((n, i) => [n, vs[i]]))),
    );
    // A valid base with one or two fields generated, or the generated fields alone.
    const base = this.baseOf(type.name);
    const record = base
      ? fc.oneof(
          { weight: 3, arbitrary: fc.tuple(base, generated).map(([b, g]) => ({ ...b, ...g })) },
          { weight: 1, arbitrary: generated },
        )
      : generated;
    // Now and then (1 in 20) a field the type does not have.
    const unknownField = fc.oneof(
      { weight: 19, arbitrary: fc.constant(undefined) },
      {
        weight: 1,
        arbitrary: fc.tuple(fc.constantFrom('unknownField', 'supplier_nam', 'Id'), hostileString),
      },
    );
    let arbitrary: fc.Arbitrary<unknown> = fc
      .tuple(record, unknownField)
      .map(([value, extra]) => (extra ? { ...value, [extra[0]]: extra[1] } : value));
    if (fields.some((f) => recursive(f.name))) {
      // Deep nesting, far past every bound.
      const deep = fc
        .tuple(fc.constantFrom('and', 'or', 'not'), fc.integer({ min: 11, max: 1000 }))
        .map(([op, levels]) => {
          let v: unknown = { id: { eq: 'x' } };
          for (let i = 0; i < levels; i++) v = { [op]: op === 'not' ? v : [v] };
          return v;
        });
      arbitrary = fc.oneof({ weight: 15, arbitrary }, { weight: 1, arbitrary: deep });
    }
    this.memo.set(key, arbitrary);
    return arbitrary;
  }
}

/** The selection of a field's result: ids where there are any, else the type name. */
function selectionOf(field: GraphQLField<unknown, unknown>): string {
  const type = getNamedType(field.type);
  if (!isObjectType(type)) return '';
  const fields = type.getFields();
  const items = fields.items ? getNamedType(fields.items.type) : null;
  if (items && isObjectType(items))
    return `{ items { ${items.getFields().id ? 'id' : '__typename'} } nextToken }`;
  return fields.id ? '{ id }' : '{ __typename }';
}

/**
 * Literals nest at most this deep when written inline: well past the server's bound (64 brackets),
 * and shallow enough that writing the 1,000-level values does not exhaust the test's own stack.
 */
const MAX_LITERAL_DEPTH = 200;

/** A value written as a GraphQL literal (enum values bare, everything else as JSON writes it). */
function literal(value: unknown, type: GraphQLInputType | undefined, depth = 0): string {
  const named = type ? getNamedType(type) : undefined;
  if (depth > MAX_LITERAL_DEPTH && value !== null && typeof value === 'object') return 'null';
  if (Array.isArray(value)) {
    const list = type && isNonNullType(type) ? type.ofType : type;
    const item = list && isListType(list) ? list.ofType : undefined;
    return `[${value.map((v) => literal(v, item, depth + 1)).join(', ')}]`;
  }
  if (value !== null && typeof value === 'object') {
    const fields = named && isInputObjectType(named) ? named.getFields() : {};
    const entries = Object.entries(value).filter(([k]) => /^[_A-Za-z]\w*$/.test(k));
    return `{ ${entries.map(([k, v]) => `${k}: ${literal(v, fields[k]?.type, depth + 1)}`).join(', ')} }`;
  }
  if (typeof value === 'string' && named && isEnumType(named) && /^[_A-Za-z]\w*$/.test(value)) return value;
  if (typeof value === 'number' && !Number.isFinite(value)) return 'null';
  return JSON.stringify(value) ?? 'null';
}

/** One operation on one root field, its arguments as variables or inline. */
export function operationArbitrary(
  schema: GraphQLSchema,
  inputs: InputArbitraries,
): fc.Arbitrary<FuzzOperation> {
  const roots = [
    ...Object.values(schema.getQueryType()?.getFields() ?? {}).map((f) => ['query', f] as const),
    ...Object.values(schema.getMutationType()?.getFields() ?? {}).map((f) => ['mutation', f] as const),
  ].filter(([, f]) => !f.name.startsWith('__'));
  return fc.constantFrom(...roots).chain(([kind, field]) => {
    const args = Object.fromEntries(
      field.args.map((a) => [
        a.name,
        fc.option(inputs.value(a.type, a.name), { nil: undefined, freq: isNonNullType(a.type) ? 20 : 2 }),
      ]),
    );
    return fc.tuple(fc.record(args), fc.integer({ min: 0, max: 4 })).map(([values, mode]) => {
      const given = field.args.filter((a) => values[a.name] !== undefined);
      const selection = selectionOf(field);
      if (mode === 0) {
        const written = given.map((a) => `${a.name}: ${literal(values[a.name], a.type)}`);
        const call = written.length ? `(${written.join(', ')})` : '';
        return { query: `${kind} { ${field.name}${call} ${selection} }`, variables: {} };
      }
      const declared = given.map((a, i) => `$v${i}: ${String(a.type)}`);
      const passed = given.map((a, i) => `${a.name}: $v${i}`);
      const head = declared.length ? `(${declared.join(', ')})` : '';
      const call = passed.length ? `(${passed.join(', ')})` : '';
      return {
        query: `${kind} Fuzz${head} { ${field.name}${call} ${selection} }`,
        variables: Object.fromEntries(given.map((a, i) => [`v${i}`, values[a.name]])),
      };
    });
  });
}
