// The replay verification page (verify.html, P4.2): the same verifyReplay as `npm run
// verify`, on a file the user drops or picks. Nothing leaves the browser.
import { MAX_FILE_BYTES } from './log-entries';
import { quote } from './strict-json';
import { verifyReplay, type VerifyReport } from './verify';

function histogramTable(report: Extract<VerifyReport, { ok: true }>): HTMLTableElement {
  const table = document.createElement('table');
  const row = (cells: string[], header = false) => {
    const tr = table.insertRow();
    for (const c of cells) {
      const cell = document.createElement(header ? 'th' : 'td');
      cell.textContent = c;
      tr.appendChild(cell);
    }
  };
  row(['die', 'face counts (low → high)', 'chi-square'], true);
  row(['normal 1–6', report.histogram.normal.join(' · '), report.chiSquare.normal.toFixed(2)]);
  row(['yellow 3–8', report.histogram.yellow.join(' · '), report.chiSquare.yellow === null ? 'n/a' : report.chiSquare.yellow.toFixed(2)]);
  return table;
}

export function showReport(target: HTMLElement, name: string, report: VerifyReport): void {
  target.replaceChildren();
  target.className = report.ok ? 'ok' : 'bad';
  const head = document.createElement('strong');
  head.textContent = report.ok
    ? `${name}: ${report.inProgress ? 'in progress, consistent so far' : 'verified'}`
    : `${name}: ${report.malformed ? 'not a valid replay file' : 'REJECTED'}`;
  const body = document.createElement('div');
  if (report.ok) {
    body.textContent = report.lines.join('\n');
    target.append(head, body, histogramTable(report));
  } else {
    body.textContent = report.malformed
      ? report.message
      : `first discrepancy at ${report.entry === null ? 'the file' : `entry ${report.entry}`}\nexpected: ${report.expected}\nfound:    ${report.found}`;
    target.append(head, body);
  }
}

function malformed(message: string): VerifyReport {
  return { ok: false, malformed: true, entry: null, expected: 'a readable replay file', found: message, message };
}

/** Refuses an over-size file by its size alone, before reading it; reads the rest as bytes (strict UTF-8). */
export async function verifyFile(file: Blob & { name: string }, target: HTMLElement): Promise<VerifyReport> {
  const name = quote(file.name, 60);
  let report: VerifyReport;
  if (file.size > MAX_FILE_BYTES) report = malformed(`${name} is too large: ${file.size} bytes, at most ${MAX_FILE_BYTES} accepted`);
  else {
    let bytes: Uint8Array | null = null;
    try {
      bytes = new Uint8Array(await file.arrayBuffer());
    } catch {
      report = malformed(`cannot read ${name}`);
    }
    report ??= verifyReplay(bytes!);
  }
  showReport(target, file.name.length <= 80 ? file.name : name, report);
  return report;
}

function init(): void {
  const drop = document.getElementById('drop');
  const input = document.getElementById('file') as HTMLInputElement | null;
  const report = document.getElementById('report');
  if (!drop || !input || !report) return;
  input.addEventListener('change', () => {
    const f = input.files?.[0];
    if (f) void verifyFile(f, report);
  });
  drop.addEventListener('dragover', (e) => {
    e.preventDefault();
    drop.classList.add('over');
  });
  drop.addEventListener('dragleave', () => drop.classList.remove('over'));
  drop.addEventListener('drop', (e) => {
    e.preventDefault();
    drop.classList.remove('over');
    const f = e.dataTransfer?.files[0];
    if (f) void verifyFile(f, report);
  });
}

init();
