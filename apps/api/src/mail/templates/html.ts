import { htmlEscape } from 'escape-goat';

/**
 * HTML that is safe to put into an e-mail as it is: only the `html` tag makes it, so every value
 * that reaches an e-mail's HTML went through the one escaping below.
 */
class Html {
  constructor(readonly markup: string) {}
  toString(): string {
    return this.markup;
  }
}
export type SafeHtml = Html;

/** What may stand in `${…}`: text (escaped), numbers, other `html` fragments, lists of them, nothing. */
export type HtmlValue = string | number | SafeHtml | readonly HtmlValue[] | null | undefined | false;

const render = (value: HtmlValue): string => {
  if (value instanceof Html) return value.markup;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  return htmlEscape(String(value));
};

/**
 * Tagged template for e-mail HTML: `html`<p>Hello ${name}</p>`` escapes `&`, `<`, `>`, `"` and `'`
 * in every interpolated string (escape-goat), keeps nested `html` fragments as they are, joins
 * lists and drops `null`, `undefined` and `false`. Quote attribute values (`href="${link}"`).
 */
export function html(strings: TemplateStringsArray, ...values: readonly HtmlValue[]): SafeHtml {
  let markup = strings[0] ?? '';
  values.forEach((value, i) => {
    markup += render(value) + (strings[i + 1] ?? '');
  });
  return new Html(markup);
}

/** One e-mail as a template renders it; the caller adds the recipient (`MailMessage`). */
export interface EmailContent {
  readonly subject: string;
  /** The plain-text body: values as they are, never escaped. */
  readonly text: string;
  /** The HTML body: every value escaped. */
  readonly html: string;
}
