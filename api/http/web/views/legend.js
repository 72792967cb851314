// A board's legend: what its colours and markers mean, in the chosen language, below the board.
// A board module may export `legend(game)` (boards/index.js): entries { swatch, text, colour },
// `swatch` naming the look (style.css `.swatch[data-swatch=…]`), `colour` a side's own colour.

import { h } from "../dom.js";
import { t } from "../i18n.js";

export function legendFor(drawer, state) {
  const entries = drawer && drawer.legend ? drawer.legend((state && state.game) || {}) : [];
  if (!entries.length) return h("span", { hidden: true });
  return h("figure.legend", { "aria-labelledby": "legend-h" },
    h("figcaption", { id: "legend-h" }, t("legend.title")),
    h("ul", {}, entries.map(({ swatch, text, colour }) => h("li", { dataset: { swatch } },
      h("span.swatch", { dataset: { swatch }, style: colour ? `--swatch: ${colour}` : null, "aria-hidden": "true" }), text))));
}
