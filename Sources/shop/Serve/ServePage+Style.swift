extension ServePage {
    /// The page's style sheet: 320 px and up, thumb-sized rows (48 px), the phone's dark mode.
    static let style = #"""
        :root { color-scheme: light dark; --bg: #ffffff; --fg: #151515; --muted: #5f6368; --line: #dddddd;
          --card: #f3f4f6; --accent: #0b7a35; --warn: #a04a00; --error: #b3261e; }
        @media (prefers-color-scheme: dark) {
          :root { --bg: #121212; --fg: #ececec; --muted: #a8abb0; --line: #303030; --card: #1f1f1f;
            --accent: #4cc27a; --warn: #f0a35e; --error: #f2958d; }
        }
        * { box-sizing: border-box; }
        [hidden] { display: none !important; }
        html, body { margin: 0; background: var(--bg); color: var(--fg); }
        body { font: 17px/1.35 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; min-width: 320px;
          max-width: 720px; margin: 0 auto; padding-bottom: 48px; overflow-wrap: anywhere; }
        header { position: sticky; top: 0; z-index: 1; background: var(--bg); padding: 8px 12px;
          border-bottom: 1px solid var(--line); }
        select, input, button { font: inherit; color: inherit; }
        select { width: 100%; min-height: 44px; padding: 0 8px; border: 1px solid var(--line); border-radius: 8px;
          background: var(--card); }
        #status { margin: 6px 0 0; font-size: 14px; color: var(--muted); }
        #status.pending { color: var(--warn); }
        form { display: flex; gap: 8px; padding: 8px 12px; }
        form input { flex: 1; min-width: 0; min-height: 44px; padding: 0 10px; border: 1px solid var(--line);
          border-radius: 8px; background: var(--card); }
        form button, #clear { min-height: 44px; min-width: 64px; padding: 0 14px; border: 0; border-radius: 8px;
          background: var(--accent); color: var(--bg); font-weight: 600; }
        h2 { display: flex; align-items: center; gap: 8px; margin: 14px 12px 2px; font-size: 15px;
          font-weight: 600; color: var(--muted); }
        .swatch { flex: none; width: 14px; height: 14px; border-radius: 3px; border: 1px solid var(--line); }
        ul { list-style: none; margin: 0; padding: 0; }
        button.item { display: flex; align-items: center; gap: 10px; width: 100%; min-height: 48px;
          padding: 8px 12px; border: 0; border-bottom: 1px solid var(--line);
          border-left: 6px solid var(--swatch, transparent); background: none; text-align: left;
          -webkit-user-select: none; user-select: none; -webkit-touch-callout: none; touch-action: manipulation; }
        button.item:active { background: var(--card); }
        /* A name keeps at least 8em a line (SPEC 23: 8 characters and more); a long amount wraps beside it. */
        .name { flex: 1 1 8em; min-width: 8em; overflow-wrap: anywhere; }
        .amount, .price { color: var(--muted); font-variant-numeric: tabular-nums; }
        .amount { flex: 0 1 auto; max-width: 45%; text-align: right; overflow-wrap: anywhere; }
        .price { flex: none; white-space: nowrap; }
        .out .name { text-decoration: line-through; color: var(--muted); }
        .waiting .amount { font-style: italic; }
        #cart { margin-top: 18px; border-top: 3px solid var(--accent); }
        #cart h2 { color: var(--fg); }
        #cart .name::before { content: "\2713  "; color: var(--accent); }
        #clear { margin: 10px 12px; background: var(--card); color: var(--fg); border: 1px solid var(--line); }
        details { margin-top: 14px; }
        summary { min-height: 44px; padding: 10px 12px; color: var(--muted); }
        #message { margin: 8px 12px; color: var(--error); }
        #message:empty { display: none; }
        .empty { padding: 12px; color: var(--muted); }
        .label { overflow-wrap: anywhere; }
        .star { color: var(--warn); }
        .note { display: block; font-size: 14px; color: var(--muted); }
        #cart li { display: flex; flex-wrap: wrap; }
        #cart li button.item { flex: 1 1 0; width: auto; min-width: 0; }
        button.edit { min-width: 48px; min-height: 48px; border: 0; border-bottom: 1px solid var(--line);
          background: none; color: var(--muted); }
        form.receipt { flex-basis: 100%; flex-wrap: wrap; background: var(--card); }
        form.receipt label { display: block; flex: 1 1 120px; min-width: 0; font-size: 14px; color: var(--muted); }
        form.receipt input { display: block; width: 100%; }
        form.receipt button { min-height: 44px; }
        #hint, .trip { margin: 4px 12px; font-size: 14px; color: var(--muted); }
        #who label { align-self: center; font-size: 14px; }
        """#
}
