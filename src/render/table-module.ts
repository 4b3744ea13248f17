// What the app loads when a game opens (lazy-tabletop.ts): three.js and the table, as one chunk
// that the home screen never pays for. Everything the UI asks of that chunk comes through here.
export { Tabletop, type TableView } from './tabletop';
export { closeTableSurface, openTableSurface } from './table-surface';
export { dropSpareTable, prepareSpareTable, takeSpareTable, type TableBox } from './spare-table';
