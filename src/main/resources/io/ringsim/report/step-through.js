// report.html's time slider: the cluster at one simulated second, from the per-second arrays the page embeds.
(function () {
  'use strict';
  const section = document.getElementById('step-through');
  const dataEl = document.getElementById('step-data');
  if (!section || !dataEl) return;
  const d = JSON.parse(dataEl.textContent);
  // the page's words when it is not in English (report.html's --lang), else the English ones written here
  const W = k => (d.words && d.words[k]) || null;
  const slider = section.querySelector('.step-slider');
  const clock = section.querySelector('.step-time');
  const play = section.querySelector('.step-play');
  const side = section.querySelector('.step-side');
  const svg = document.getElementById('step-ring');
  const circles = Array.from(svg.querySelectorAll('circle.node'));
  const hintLabels = Array.from(svg.querySelectorAll('text.hints'));
  const DOWN = 1, PART = 2, SLOW = 4, SKEW = 8, OFF = 16;

  const words = bits => {
    if (bits & OFF) return W('not-joined') || 'not joined yet';
    const w = [];
    w.push(bits & DOWN ? W('down') || 'down' : W('up') || 'up');
    if (bits & PART) w.push(W('partitioned') || 'partitioned away');
    if (bits & SLOW) w.push(W('slow') || 'slow');
    if (bits & SKEW) w.push(W('clock-skew') || 'clock skew');
    return w.join(W('list-sep') || ', ');
  };
  const el = (tag, text, cls) => {
    const e = document.createElement(tag);
    if (text !== undefined) e.textContent = text;
    if (cls) e.className = cls;
    return e;
  };
  const row = (table, cells, tag) => {
    const tr = el('tr');
    for (const c of cells) tr.appendChild(c instanceof Node ? c : el(tag || 'td', String(c)));
    table.appendChild(tr);
    return tr;
  };

  function show(t) {
    t = Math.max(0, Math.min(d.seconds - 1, t));
    slider.value = String(t);
    section.dataset.time = String(t);
    clock.textContent = t + ' s';
    svg.querySelector('.clock').textContent = t + ' s';
    const states = d.states[t];
    const flight = d.in_flight[t];
    svg.querySelector('.wire').textContent = flight === undefined ? '' : (W('msgs-in-flight') || '{0} msgs in flight').replace('{0}', flight);
    circles.forEach((c, i) => {
      const bits = parseInt(states[i], 32);
      const cls = ['node', bits & OFF ? 'off' : bits & DOWN ? 'down' : bits & PART ? 'part' : 'up'];
      if (bits & SLOW) cls.push('slow');
      if (bits & SKEW) cls.push('skew');
      c.setAttribute('class', cls.join(' '));
      c.firstChild.textContent = d.nodes[i] + ': ' + words(bits);
    });
    hintLabels.forEach(h => {
      const n = Number(h.dataset.node);
      const v = d.hints && d.hints[n][t];
      h.textContent = v ? String(v) : '';
    });

    side.replaceChildren();
    // the nodes
    const nodes = el('table', undefined, 'step-nodes');
    row(nodes, [W('th-node') || 'node', W('th-state') || 'state', W('th-hints') || 'hints pending for it'], 'th');
    d.nodes.forEach((name, i) => {
      const bits = parseInt(states[i], 32);
      const tr = row(nodes, [name, words(bits), d.hints ? String(d.hints[i][t] || 0) : W('not-sampled') || 'not sampled']);
      tr.dataset.node = name;
      tr.dataset.state = bits & OFF ? 'off' : bits & DOWN ? 'down' : bits & PART ? 'part' : 'up';
      tr.children[1].className = tr.dataset.state;
    });
    side.appendChild(nodes);
    // the network in this second
    const wire = d.sent[t] === undefined ? W('wire-none') || 'Messages were not sampled in this run.'
        : W('wire') ? W('wire').replace('{0}', d.sent[t]).replace('{1}', d.dropped[t]).replace('{2}', flight)
        : 'Network in this second: ' + d.sent[t] + ' messages sent, ' + d.dropped[t] + ' dropped, ' + flight + ' in flight on average.';
    side.appendChild(el('p', wire, 'step-wire'));
    // the operations of the bucket holding this second
    const b = Math.floor(t * 1000 / d.bucket_ms);
    const ops = el('table', undefined, 'step-ops');
    row(ops, [W('th-consistency') || 'consistency', W('th-ok') || 'ok', W('th-failed') || 'failed', W('th-why') || 'why'], 'th');
    for (const level of d.ops) {
      const x = level.buckets[b];
      const tr = row(ops, [level.level, x ? x[0] : 0, x ? x[1] : 0, x ? x[2] : '']);
      tr.dataset.level = level.level;
    }
    const span = d.bucket_ms === 1000 ? W('span-second') || 'in this second'
        : W('span-bucket') ? W('span-bucket').replace('{0}', d.bucket_ms / 1000).replace('{1}', b * d.bucket_ms / 1000)
        : 'in the ' + d.bucket_ms / 1000 + ' s from ' + b * d.bucket_ms / 1000 + ' s';
    side.appendChild(el('p', W('ops-done') ? W('ops-done').replace('{0}', span) : 'Operations completed ' + span + ':'));
    side.appendChild(ops);
    // what happened
    const now = d.events.filter(e => e[0] >= t * 1000 && e[0] < (t + 1) * 1000);
    const ul = el('ul', undefined, 'step-events');
    for (const e of now) ul.appendChild(el('li', (e[0] / 1000).toFixed(3) + ' s ' + e[1] + ': ' + e[2]));
    side.appendChild(el('p', now.length ? W('events') || 'Events in this second:' : W('events-none') || 'No event in this second.'));
    if (now.length) side.appendChild(ul);
  }

  let timer = null;
  function stop() {
    if (timer !== null) clearInterval(timer);
    timer = null;
    play.textContent = W('play') || 'play';
  }
  play.addEventListener('click', () => {
    if (timer !== null) { stop(); return; }
    if (Number(slider.value) >= d.seconds - 1) show(0);
    play.textContent = W('pause') || 'pause';
    timer = setInterval(() => {
      const t = Number(slider.value) + 1;
      show(t);
      if (t >= d.seconds - 1) stop();
    }, 250);
  });
  section.querySelector('.step-back').addEventListener('click', () => { stop(); show(Number(slider.value) - 1); });
  section.querySelector('.step-fwd').addEventListener('click', () => { stop(); show(Number(slider.value) + 1); });
  slider.addEventListener('input', () => show(Number(slider.value)));
  show(0);
})();
