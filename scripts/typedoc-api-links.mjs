// TypeDoc plugin (typedoc.json's "plugin"): in the user guide's pages and the README, which TypeDoc renders as the
// site's documents and home page, an inline code span that names an exported declaration (`createCharacter`,
// `createCharacter(world, def)`, `QueryFilter`) links to its page of the API reference. The Markdown itself stays plain
// code spans, so the same pages read well on GitHub, and a name the API does not export stays plain text.
import { DocumentReflection, MarkdownEvent, ProjectReflection, ReflectionKind, RendererEvent } from 'typedoc';

/** Kinds of declaration a code span may name. */
const LINKED_KINDS =
  ReflectionKind.Function |
  ReflectionKind.Class |
  ReflectionKind.Interface |
  ReflectionKind.TypeAlias |
  ReflectionKind.Variable |
  ReflectionKind.Enum;

/** An inline code span of the rendered HTML (not a code block's, not one already inside a link). */
const INLINE_CODE = /(?<!<pre>|<a [^>]*>)<code>([A-Za-z_$][\w$]*)(\([^<]*\))?<\/code>/g;

/** @param {import('typedoc').Application} app */
export function load(app) {
  /** @type {Map<string, import('typedoc').Reflection | null>} name → its declaration; null when several share it */
  let byName = new Map();

  app.renderer.on(RendererEvent.BEGIN, (event) => {
    byName = new Map();
    for (const reflection of event.project.getReflectionsByKind(LINKED_KINDS)) {
      byName.set(reflection.name, byName.has(reflection.name) ? null : reflection);
    }
  });

  // After TypeDoc's own listener (priority 0) has turned the Markdown into HTML.
  app.renderer.on(
    MarkdownEvent.PARSE,
    (event) => {
      const page = event.page.model;
      if (!(page instanceof DocumentReflection) && !(page instanceof ProjectReflection)) return;
      const router = app.renderer.router;
      if (router === undefined) return;
      event.parsedText = event.parsedText.replace(INLINE_CODE, (span, name) => {
        const target = byName.get(name);
        if (!target || !router.hasUrl(target)) return span;
        return `<a href="${router.relativeUrl(page, target)}">${span}</a>`;
      });
    },
    -100,
  );
}
