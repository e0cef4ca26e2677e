/**
 * FTS5's on-disk records as fts5-format reads them, on hand-built bytes laid out as fts5_index.c
 * describes them (the integration tests check the same reader against a real index and bm25()).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { columnOf, decodePoslist, doclistsOnPage, firstTermAt, Fts5FormatError, parseStructure, tombstoned, varintAt } from '../../../src/core/search/fts5-format.ts';

const bytes = (...parts: (number | string)[]) => Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p)] : [p])));

test('varints: one byte, several, and a truncated one is an error', () => {
  assert.deepEqual(varintAt(bytes(5), 0), [5, 1]);
  assert.deepEqual(varintAt(bytes(0, 0x81, 0x00), 1), [128, 3]);
  assert.throws(() => varintAt(bytes(0x81), 0), Fts5FormatError);
});

test('structure record: V2 segments, newest first (level 0 first, the last of a level first)', () => {
  // cookie, V2 marker, 2 levels, 3 segments, write counter 9; level 0: merge 0, 2 segs; level 1: merge 0, 1 seg.
  const seg = (id: number, first: number, last: number, o1: number, o2: number, tomb: number) => [id, first, last, o1, o2, tomb, 0, 10];
  const block = bytes(0, 0, 0, 1, 0xff, 0, 0, 1, 2, 3, 9, 0, 2, ...seg(4, 1, 3, 7, 7, 0), ...seg(5, 1, 2, 8, 8, 1), 0, 1, ...seg(1, 1, 40, 1, 6, 0));
  assert.deepEqual(
    parseStructure(block).map((s) => [s.id, s.firstPage, s.lastPage, s.tombstonePages, s.origins]),
    [
      [5, 1, 2, 1, [8, 8]],
      [4, 1, 3, 0, [7, 7]],
      [1, 1, 40, 0, [1, 6]],
    ],
  );
});

test('leaf page: terms found through the footer, doclists bounded by the next term or the page end', () => {
  // Header: no rowid before the first term; footer at 15. Terms: "0ab" (doclist 2 bytes), "0ac" (shares 2).
  const body = [3, ...'0ab', 7, 0, 2, 1, ...'c', 9, 0];
  const page = bytes(0, 0, 0, 4 + body.length, ...body, 4, 6);
  assert.equal(firstTermAt(page), 4);
  const key = (s: string) => bytes(s);
  assert.deepEqual(doclistsOnPage(page, key('0ab'), false), [{ start: 8, end: 10, last: false }]);
  assert.deepEqual(doclistsOnPage(page, key('0ac'), false), [{ start: 13, end: 15, last: true }]);
  assert.deepEqual(doclistsOnPage(page, key('0a'), true).map((d) => d.start), [8, 13]);
  assert.deepEqual(doclistsOnPage(page, key('0aa'), false), []);
});

test('poslists: offsets per column, restarting at each column marker', () => {
  // Column 0: offsets 0 and 3; column 2: offset 1.
  const occ = decodePoslist(bytes(2, 5, 1, 2, 3));
  assert.deepEqual(occ.map((o) => [columnOf(o), o % 2 ** 32]), [
    [0, 0],
    [0, 3],
    [2, 1],
  ]);
});

test('tombstone page: rowids hashed into 4-byte slots', () => {
  // Key size 4, no rowid 0, 4 slots; one page in all, so rowid r starts at slot r % 4.
  const page = new Uint8Array(8 + 16);
  page[0] = 4;
  const view = new DataView(page.buffer);
  view.setUint32(8 + 4 * (9 % 4), 9);
  view.setUint32(8 + 4 * ((13 % 4) + 1), 13); // collided with 9, in the next slot
  assert.equal(tombstoned(page, 1, 9), true);
  assert.equal(tombstoned(page, 1, 13), true);
  assert.equal(tombstoned(page, 1, 5), false);
});
