// The interactive ring of report.html and of `ringsim ring --html`: click a node to highlight the ranges it owns
// (primary) and replicates, hover a range for its owner and size, type a partition key to see its token and replicas.
// The token is Cassandra's Murmur3Partitioner token computed here (BigInt), the replicas come from the per-range
// replica lists the page embeds (computed by ringsim in Java, so NetworkTopologyStrategy needs no JavaScript).
(function () {
  'use strict';
  const box = document.getElementById('ring-explorer');
  const dataEl = document.getElementById('ring-data');
  if (!box || !dataEl) return;
  const data = JSON.parse(dataEl.textContent);
  // the page's words when it is not in English (report.html's --lang), else the English ones written here
  const W = k => (data.words && data.words[k]) || null;
  const svg = box.querySelector('svg[aria-label="token ring"]');
  if (!svg) return;
  const tokens = data.tokens.map(t => BigInt(t));
  const arcs = Array.from(svg.querySelectorAll('[data-r]'));
  // An arc is range i only when the drawing has one arc per token, in token order (it always does when ringsim drew it).
  const arcOfRange = arcs.length === tokens.length ? arcs : [];
  const RING = 1n << 64n;

  function rangeFraction(i) {
    if (tokens.length === 1) return 1;
    const left = tokens[(i - 1 + tokens.length) % tokens.length];
    let d = tokens[i] - left;
    if (d <= 0n) d += RING;
    return Number(d * 1000000000n / RING) / 1e9;
  }

  // ---- Murmur3, as Cassandra's MurmurHash.hash3_x64_128 computes it (first half; tail bytes sign-extended) ----
  const M64 = (1n << 64n) - 1n;
  const C1 = 0x87c37b91114253d5n, C2 = 0x4cf5ad432745937fn;
  const mul = (a, b) => (a * b) & M64;
  const add = (a, b) => (a + b) & M64;
  const rotl = (x, r) => ((x << BigInt(r)) | (x >> BigInt(64 - r))) & M64;
  const fmix = k => {
    k ^= k >> 33n; k = mul(k, 0xff51afd7ed558ccdn); k ^= k >> 33n; k = mul(k, 0xc4ceb9fe1a85ec53n); k ^= k >> 33n;
    return k;
  };
  const littleEndian = (b, i) => {
    let v = 0n;
    for (let j = 7; j >= 0; j--) v = (v << 8n) | BigInt(b[i + j]);
    return v;
  };
  const signed = x => BigInt.asUintN(64, BigInt(x >= 128 ? x - 256 : x));

  function murmur3(key) {
    const len = key.length, blocks = len >> 4;
    let h1 = 0n, h2 = 0n;
    for (let i = 0; i < blocks; i++) {
      let k1 = littleEndian(key, i * 16), k2 = littleEndian(key, i * 16 + 8);
      k1 = mul(rotl(mul(k1, C1), 31), C2); h1 ^= k1; h1 = add(mul(add(rotl(h1, 27), h2), 5n), 0x52dce729n);
      k2 = mul(rotl(mul(k2, C2), 33), C1); h2 ^= k2; h2 = add(mul(add(rotl(h2, 31), h1), 5n), 0x38495ab5n);
    }
    const tail = blocks * 16, rest = len & 15;
    let k1 = 0n, k2 = 0n;
    for (let i = rest - 1; i >= 8; i--) k2 ^= (signed(key[tail + i]) << BigInt(8 * (i - 8))) & M64;
    if (rest > 8) { k2 = mul(rotl(mul(k2, C2), 33), C1); h2 ^= k2; }
    for (let i = Math.min(rest, 8) - 1; i >= 0; i--) k1 ^= (signed(key[tail + i]) << BigInt(8 * i)) & M64;
    if (rest > 0) { k1 = mul(rotl(mul(k1, C1), 31), C2); h1 ^= k1; }
    h1 ^= BigInt(len); h2 ^= BigInt(len);
    h1 = add(h1, h2); h2 = add(h2, h1);
    h1 = fmix(h1); h2 = fmix(h2);
    return BigInt.asIntN(64, add(h1, h2));
  }

  function token(bytes) {
    if (bytes.length === 0) return -(1n << 63n);
    const h = murmur3(bytes);
    return h === -(1n << 63n) ? (1n << 63n) - 1n : h; // the minimum token is reserved, as in Cassandra
  }

  // ---- partition key values as `ring --key` reads them: TYPE:VALUE[,TYPE:VALUE], commas inside '...' kept ----
  const javaTrim = s => s.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  function unquote(literal) {
    const t = javaTrim(literal);
    if (t.length >= 2 && t[0] === '\'' && t[t.length - 1] === '\'') return t.substring(1, t.length - 1).replace(/''/g, '\'');
    if (t.length >= 4 && t.startsWith('$$') && t.endsWith('$$')) return t.substring(2, t.length - 2);
    return t;
  }
  function integer(s, bits, name) {
    const t = unquote(s);
    if (!/^[+-]?[0-9]+$/.test(t)) throw new Error('\'' + javaTrim(s) + '\' is not a valid ' + name);
    const v = BigInt(t), lim = 1n << BigInt(bits - 1);
    if (v < -lim || v >= lim) throw new Error('\'' + javaTrim(s) + '\' is not a valid ' + name);
    const out = [];
    let u = BigInt.asUintN(bits, v);
    for (let i = 0; i < bits / 8; i++) { out.unshift(Number(u & 255n)); u >>= 8n; }
    return {bytes: out, shown: v.toString()};
  }
  const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
  const TYPES = {
    text: s => { const v = unquote(s); return {bytes: Array.from(new TextEncoder().encode(v)), shown: v}; },
    ascii: s => {
      const v = unquote(s);
      if (/[^\u0000-\u007f]/.test(v)) throw new Error('\'' + javaTrim(s) + '\' is not a valid ascii');
      return {bytes: Array.from(v, c => c.charCodeAt(0)), shown: v};
    },
    int: s => integer(s, 32, 'int'),
    bigint: s => integer(s, 64, 'bigint'),
    smallint: s => integer(s, 16, 'smallint'),
    tinyint: s => integer(s, 8, 'tinyint'),
    boolean: s => {
      const v = unquote(s).toLowerCase();
      if (v !== 'true' && v !== 'false') throw new Error('\'' + javaTrim(s) + '\' is not a valid boolean');
      return {bytes: [v === 'true' ? 1 : 0], shown: v};
    },
    uuid: s => uuid(s, false),
    timeuuid: s => uuid(s, true),
    blob: s => {
      const t = unquote(s);
      if (!/^0[xX]([0-9a-fA-F]{2})*$/.test(t)) throw new Error('\'' + javaTrim(s) + '\' is not a valid blob');
      const bytes = [];
      for (let i = 2; i < t.length; i += 2) bytes.push(parseInt(t.substring(i, i + 2), 16));
      return {bytes: bytes, shown: '0x' + t.substring(2).toLowerCase()};
    }
  };
  TYPES.varchar = TYPES.text;
  function uuid(s, timeBased) {
    const t = unquote(s);
    const name = timeBased ? 'timeuuid' : 'uuid';
    if (!UUID.test(t) || (timeBased && t[14] !== '1')) throw new Error('\'' + javaTrim(s) + '\' is not a valid ' + name);
    const hex = t.replace(/-/g, '').toLowerCase();
    const bytes = [];
    for (let i = 0; i < 32; i += 2) bytes.push(parseInt(hex.substring(i, i + 2), 16));
    return {bytes: bytes, shown: hex.replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5')};
  }
  function splitKey(k) {
    const parts = [];
    let cur = '', quoted = false;
    for (const ch of k) {
      if (ch === '\'') quoted = !quoted;
      if (ch === ',' && !quoted) { parts.push(cur); cur = ''; } else cur += ch;
    }
    parts.push(cur);
    return parts;
  }
  /** The key's bytes as Cassandra serializes it: one component as is; several each as length, bytes, 0. */
  function encodeKey(text) {
    const shown = [], comps = [];
    for (const part of splitKey(text)) {
      const colon = part.indexOf(':');
      if (colon <= 0) throw new Error('a key is TYPE:VALUE[,TYPE:VALUE], e.g. text:northamerica');
      const type = javaTrim(part.substring(0, colon)).toLowerCase();
      const parse = TYPES[type];
      if (!parse) throw new Error('type \'' + javaTrim(part.substring(0, colon)) + '\': this page computes tokens of '
          + Object.keys(TYPES).join(', ') + ' keys (bin/ringsim ring --key takes any type)');
      const v = parse(part.substring(colon + 1));
      comps.push(v.bytes);
      shown.push(v.shown);
    }
    if (comps.length === 1) return {bytes: comps[0], shown: shown};
    const bytes = [];
    for (const c of comps) {
      if (c.length > 0xffff) throw new Error('partition key component of ' + c.length + ' bytes is over Cassandra\'s limit of 65535');
      bytes.push(c.length >> 8, c.length & 255, ...c, 0);
    }
    return {bytes: bytes, shown: shown};
  }
  /** The range holding a token: the first token >= it, wrapping to 0 (Ring.rangeIndexOf). */
  function rangeOf(t) {
    let lo = 0, hi = tokens.length;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (tokens[mid] < t) lo = mid + 1; else hi = mid; }
    return lo === tokens.length ? 0 : lo;
  }

  // ---- highlighting ----
  const pickers = Array.from(box.querySelectorAll('[data-n]'));
  const info = box.querySelector('.ring-info');
  function clear() {
    svg.classList.remove('picked');
    for (const a of arcs) a.classList.remove('prim', 'repl', 'hit');
    for (const p of pickers) p.classList.remove('sel', 'hit');
  }
  function selectNode(n) {
    clear();
    if (n === null) return;
    svg.classList.add('picked');
    let prim = 0, repl = 0;
    data.replicas.forEach((rs, i) => {
      const a = arcOfRange[i];
      if (rs[0] === n) { prim++; if (a) a.classList.add('prim'); }
      else if (rs.includes(n)) { repl++; if (a) a.classList.add('repl'); }
    });
    for (const p of pickers) if (Number(p.dataset.n) === n) p.classList.add('sel');
    box.dataset.selected = data.nodes[n];
    if (info) info.textContent = W('picked') ? data.nodes[n] + W('picked').replace('{0}', prim).replace('{1}', repl).replace('{2}', data.placement)
        : data.nodes[n] + ': primary owner of ' + prim + ' ranges (dark), replica of ' + repl
        + ' more at ' + data.placement + ' (light). Click it again to clear.';
  }
  let selected = null;
  for (const p of pickers) p.addEventListener('click', () => {
    const n = Number(p.dataset.n);
    selected = selected === n ? null : n;
    delete box.dataset.selected;
    selectNode(selected);
  });
  arcOfRange.forEach((a, i) => {
    a.addEventListener('click', () => {
      const n = data.replicas[i][0];
      selected = selected === n ? null : n;
      delete box.dataset.selected;
      selectNode(selected);
    });
    a.addEventListener('mouseenter', () => {
      if (!info) return;
      const rs = data.replicas[i];
      const left = data.tokens[(i - 1 + tokens.length) % tokens.length];
      const load = data.load && data.load[rs[0]] ? (W('holds') || '; {0} holds {1}').replace('{0}', data.nodes[rs[0]]).replace('{1}', data.load[rs[0]]) : '';
      info.textContent = W('range') ? W('range').replace('{0}', left).replace('{1}', data.tokens[i]).replace('{2}', data.nodes[rs[0]])
          .replace('{3}', (rangeFraction(i) * 100).toFixed(3)).replace('{4}', rs.map(r => data.nodes[r]).join(', ')) + load
          : 'range (' + left + ', ' + data.tokens[i] + ']: owner ' + data.nodes[rs[0]] + ', '
          + (rangeFraction(i) * 100).toFixed(3) + '% of the ring, replicas ' + rs.map(r => data.nodes[r]).join(', ') + load;
    });
  });

  // ---- a typed partition key ----
  const input = box.querySelector('.ring-key input');
  const out = box.querySelector('.ring-key output');
  const NS = 'http://www.w3.org/2000/svg';
  let mark = null;
  function showKey() {
    if (mark) { mark.remove(); mark = null; }
    const text = input.value;
    if (javaTrim(text) === '') { out.textContent = ''; out.className = ''; return; }
    try {
      if (!/murmur3/i.test(data.partitioner))
        throw new Error('this page computes Murmur3 tokens only; the ring uses ' + data.partitioner);
      const k = encodeKey(text);
      const t = token(k.bytes);
      const i = rangeOf(t);
      const replicas = data.replicas[i].map(r => data.nodes[r]);
      out.className = 'ok';
      out.textContent = 'key ' + (k.shown.length === 1 ? k.shown[0] : '(' + k.shown.join(', ') + ')') + ' -> token ' + t
          + ' -> replicas ' + replicas.join(', ');
      out.dataset.token = t.toString();
      out.dataset.replicas = replicas.join(',');
      // the token's place on the ring: a tick across the arcs, from the top clockwise
      const frac = Number(BigInt.asUintN(64, t + (1n << 63n)) * 1000000n / RING) / 1e6;
      const angle = 2 * Math.PI * frac - Math.PI / 2, c = 220, r0 = 140, r1 = 200;
      mark = document.createElementNS(NS, 'line');
      mark.setAttribute('class', 'key-mark');
      mark.setAttribute('x1', (c + r0 * Math.cos(angle)).toFixed(2));
      mark.setAttribute('y1', (c + r0 * Math.sin(angle)).toFixed(2));
      mark.setAttribute('x2', (c + r1 * Math.cos(angle)).toFixed(2));
      mark.setAttribute('y2', (c + r1 * Math.sin(angle)).toFixed(2));
      svg.appendChild(mark);
      clear();
      if (arcOfRange[i]) arcOfRange[i].classList.add('hit');
      for (const p of pickers) if (data.replicas[i].includes(Number(p.dataset.n))) p.classList.add('hit');
    } catch (e) {
      out.className = 'bad';
      out.textContent = e.message;
      delete out.dataset.token;
      delete out.dataset.replicas;
    }
  }
  if (input) {
    input.addEventListener('input', showKey);
    input.addEventListener('change', showKey);
  }
})();
