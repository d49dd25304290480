import { PhysicsError, checkFinite, checkNonNegative, checkPositive, checkVec2 } from '../errors.js';
import { InObjectSlots, defineField, type FieldsClass } from './column-store.js';

/**
 * The kinds of world setting, for the settings table (world-def.ts WORLD_SETTINGS): each entry's kind drives the
 * WorldDef field's type, its default, its validation, the PhysicsState fields that hold it, applyDef, toDef and the
 * snapshot's settings section, so a new setting is one table entry.
 */

/** How a number is checked: finite, finite > 0, finite ≥ 0, or an integer ≥ min. */
export type NumberRule =
  | { readonly kind: 'finite' }
  | { readonly kind: 'positive' }
  | { readonly kind: 'nonNegative' }
  | { readonly kind: 'integer'; readonly min: number };

/** A number setting, held in one state field of its name. */
export interface NumberSetting {
  readonly kind: 'number';
  readonly initial: number;
  readonly rule: NumberRule;
  /**
   * The name of another number setting of the table whose value multiplies this one's default (null: none). The
   * world's lengths and speeds name `lengthUnitsPerMeter`, so a world in pixels gets defaults in pixels.
   */
  readonly scaledBy: string | null;
}
/** A boolean setting, held in one state field (0 or 1 in snapshots). */
export interface FlagSetting {
  readonly kind: 'flag';
  readonly initial: boolean;
}
/** One of a few strings, held in one state field (its index in `options` in snapshots). */
export interface ChoiceSetting<O extends string = string> {
  readonly kind: 'choice';
  readonly options: readonly O[];
  readonly initial: NoInfer<O>;
}
/** A vector {x, y}, held in two state fields: `<name>X` and `<name>Y`. */
export interface Vec2Setting {
  readonly kind: 'vec2';
  readonly initial: { readonly x: number; readonly y: number };
}
export type Setting = NumberSetting | FlagSetting | ChoiceSetting | Vec2Setting;

/**
 * A number setting: default `initial`, checked by `rule` (default: finite); with `scaledBy`, the default is `initial`
 * times the value of that setting in the definition being completed (see SettingsCodec.defaults).
 */
export function numberSetting(
  initial: number,
  rule: NumberRule = { kind: 'finite' },
  scaledBy: string | null = null,
): NumberSetting {
  return { kind: 'number', initial, rule, scaledBy };
}
/** A number > 0. */
export const positive = { kind: 'positive' } as const;
/** A number ≥ 0. */
export const nonNegative = { kind: 'nonNegative' } as const;
/** An integer ≥ min. */
export function integerAtLeast(min: number): NumberRule {
  return { kind: 'integer', min };
}
/** A boolean setting. */
export function flagSetting(initial: boolean): FlagSetting {
  return { kind: 'flag', initial };
}
/** One of `options`; snapshots store the index, so append new options at the end. */
export function choiceSetting<const O extends string>(options: readonly O[], initial: NoInfer<O>): ChoiceSetting<O> {
  return { kind: 'choice', options, initial };
}
/** A finite vector. */
export function vec2Setting(x: number, y: number): Vec2Setting {
  return { kind: 'vec2', initial: { x, y } };
}

/** The value type of a setting. */
export type SettingValue<S> = S extends NumberSetting
  ? number
  : S extends FlagSetting
    ? boolean
    : S extends ChoiceSetting<infer O>
      ? O
      : S extends Vec2Setting
        ? { x: number; y: number }
        : never;

/** A table of settings. */
export type SettingTable = Readonly<Record<string, Setting>>;

/** The definition object a table describes: each setting's value by its name (WorldDef). */
export type SettingValues<T extends SettingTable> = { -readonly [K in keyof T]: SettingValue<T[K]> };

/** The state fields a table's settings are held in: one per setting, two (`<name>X`, `<name>Y`) per vector. */
export type SettingFields<T extends SettingTable> = {
  -readonly [K in keyof T as T[K] extends Vec2Setting ? never : K]: SettingValue<T[K]>;
} & {
  -readonly [K in keyof T as T[K] extends Vec2Setting ? `${K & string}X` | `${K & string}Y` : never]: number;
};

/** One state field of a setting, as a snapshot scalar: its name and how its value is coded as a number. */
export interface SettingScalar {
  readonly name: string;
  get(state: object): number;
  set(state: object, value: number): void;
}

type Values = Record<string, unknown>;

/**
 * The operations a settings table needs, written once for every table (the world's is the one today): the state
 * base class, validation, copying a definition in and out, defaults, and snapshot scalars.
 */
export class SettingsCodec<T extends SettingTable> {
  private readonly names: readonly string[];

  constructor(readonly table: T) {
    this.names = Object.keys(table);
  }

  /**
   * A fresh definition object with every default (vectors copied). A setting `scaledBy` another has its default
   * multiplied by that setting's value in `given` when `given` holds a finite one > 0 (a bad value is left for
   * validate to report), else by that setting's own default.
   */
  defaults(given?: Partial<SettingValues<T>>): SettingValues<T> {
    const def: Values = {};
    for (const name of this.names) {
      const setting = this.table[name];
      let value = copyValue(setting, setting.initial);
      if (setting.kind === 'number' && setting.scaledBy !== null) {
        value = setting.initial * this.scaleOf(setting.scaledBy, given);
      }
      def[name] = value;
    }
    return def as SettingValues<T>;
  }

  /** The value of number setting `name` in `given` if it is a finite number > 0, else its default. */
  private scaleOf(name: string, given: Partial<SettingValues<T>> | undefined): number {
    const v = (given as Values | undefined)?.[name];
    if (typeof v === 'number' && Number.isFinite(v) && v > 0) return v;
    return (this.table[name] as NumberSetting).initial;
  }

  /** Throws PhysicsError INVALID_ARGUMENT naming the first setting of `def` whose value its kind does not allow. */
  validate(def: SettingValues<T>): void {
    for (const name of this.names) validateValue(this.table[name], (def as Values)[name], name);
  }

  /** The base class of the state object: its constructor defines the settings' fields, at their defaults. */
  stateClass(): FieldsClass<SettingFields<T>> {
    const { names, table } = this;
    const defaults = (): Values => this.defaults() as Values;
    return class extends InObjectSlots {
      constructor() {
        super();
        const def = defaults();
        for (const name of names) {
          const value = def[name];
          if (table[name].kind === 'vec2') {
            const v = value as { x: number; y: number };
            defineField(this, `${name}X`, v.x);
            defineField(this, `${name}Y`, v.y);
          } else {
            defineField(this, name, value);
          }
        }
      }
    } as unknown as FieldsClass<SettingFields<T>>;
  }

  /** Copies a validated definition into the state fields. */
  apply(state: SettingFields<T>, def: SettingValues<T>): void {
    const s = state as Values;
    for (const name of this.names) {
      const value = (def as Values)[name];
      if (this.table[name].kind === 'vec2') {
        const v = value as { x: number; y: number };
        s[`${name}X`] = v.x;
        s[`${name}Y`] = v.y;
      } else {
        s[name] = value;
      }
    }
  }

  /** The state fields as a new definition object. */
  read(state: SettingFields<T>): SettingValues<T> {
    const s = state as Values;
    const def: Values = {};
    for (const name of this.names) {
      def[name] = this.table[name].kind === 'vec2' ? { x: s[`${name}X`], y: s[`${name}Y`] } : s[name];
    }
    return def as SettingValues<T>;
  }

  /** One scalar per state field, in table order, for the snapshot's settings section. */
  scalars(): SettingScalar[] {
    const out: SettingScalar[] = [];
    for (const name of this.names) {
      const setting = this.table[name];
      if (setting.kind === 'vec2') {
        out.push(numberScalar(`${name}X`), numberScalar(`${name}Y`));
      } else if (setting.kind === 'number') {
        out.push(numberScalar(name));
      } else if (setting.kind === 'flag') {
        out.push({
          name,
          get: (state) => ((state as Values)[name] === true ? 1 : 0),
          set: (state, v) => ((state as Values)[name] = v === 1),
        });
      } else {
        const options = setting.options;
        out.push({
          name,
          get: (state) => options.indexOf((state as Values)[name] as string),
          // A snapshot passed its checksum and layout hash, so its index names an option of this build.
          set: (state, v) => ((state as Values)[name] = options[v]),
        });
      }
    }
    return out;
  }
}

function numberScalar(field: string): SettingScalar {
  return {
    name: field,
    get: (state) => (state as Values)[field] as number,
    set: (state, v) => ((state as Values)[field] = v),
  };
}

function copyValue(setting: Setting, value: unknown): unknown {
  if (setting.kind !== 'vec2') return value;
  const v = value as { x: number; y: number };
  return { x: v.x, y: v.y };
}

/** Throws PhysicsError INVALID_ARGUMENT unless `value` is allowed by `setting`; `name` names it in the message. */
export function validateValue(setting: Setting, value: unknown, name: string): void {
  switch (setting.kind) {
    case 'number':
      checkNumber(setting.rule, value as number, name);
      return;
    case 'vec2':
      checkVec2(value as { x: number; y: number }, name);
      return;
    case 'flag':
      if (typeof value !== 'boolean') {
        throw new PhysicsError('INVALID_ARGUMENT', `${name} must be true or false, got ${String(value)}`);
      }
      return;
    case 'choice':
      if (!(setting.options as readonly unknown[]).includes(value)) {
        const allowed = setting.options.map((o) => `'${o}'`).join(' or ');
        throw new PhysicsError('INVALID_ARGUMENT', `${name} must be ${allowed}, got ${String(value)}`);
      }
      return;
  }
}

function checkNumber(rule: NumberRule, value: number, name: string): void {
  switch (rule.kind) {
    case 'finite':
      checkFinite(value, name);
      return;
    case 'positive':
      checkPositive(value, name);
      return;
    case 'nonNegative':
      checkNonNegative(value, name);
      return;
    case 'integer':
      if (!Number.isInteger(value) || value < rule.min) {
        throw new PhysicsError('INVALID_ARGUMENT', `${name} must be an integer >= ${rule.min}, got ${String(value)}`);
      }
      return;
  }
}
