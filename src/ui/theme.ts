// Shared look: colours, panels and buttons used by every element's static styles.
import { css } from 'lit';

export const theme = css`
  :host {
    --sw-bg: #070b1a;
    --sw-panel: rgba(16, 22, 44, 0.92);
    --sw-panel-2: rgba(26, 34, 66, 0.9);
    --sw-line: rgba(140, 160, 230, 0.22);
    --sw-text: #e7ebf7;
    --sw-dim: #9aa5c7;
    --sw-accent: #ffd24a;
    --sw-accent-2: #6ee7ff;
    --sw-danger: #ff6b6b;
    --sw-ok: #4ade80;
    color: var(--sw-text);
    font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
  }
  button, select {
    font: inherit;
    color: var(--sw-text);
    background: var(--sw-panel-2);
    border: 1px solid var(--sw-line);
    border-radius: 8px;
    padding: 6px 12px;
    cursor: pointer;
  }
  button:hover:not(:disabled) { border-color: var(--sw-accent-2); }
  button:focus-visible, select:focus-visible, input:focus-visible { outline: 2px solid var(--sw-accent-2); outline-offset: 2px; }
  button:disabled { opacity: 0.4; cursor: default; }
  button.primary { background: linear-gradient(180deg, #ffd95e, #f1b722); color: #1b1400; border-color: #f1b722; font-weight: 650; }
  button.primary:hover:not(:disabled) { border-color: #fff3c2; }
  button[aria-pressed='true'] { background: #2d3d7a; border-color: var(--sw-accent-2); }
  .panel { background: var(--sw-panel); border: 1px solid var(--sw-line); border-radius: 12px; }
  h2, h3 { margin: 0; font-weight: 650; letter-spacing: 0.01em; }
  h3 { font-size: 0.78rem; text-transform: uppercase; color: var(--sw-dim); letter-spacing: 0.08em; }
`;
