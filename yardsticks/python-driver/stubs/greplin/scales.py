"""A small stand-in for the scales metrics library (greplin.scales), which Debian does not package: what the
driver's cassandra/metrics.py and the suite's metrics tests use of it (collection, init, IntStat, PmfStat, Stat,
getStats, _Stats.stats), with the same meaning. The same on ringsim and on Cassandra."""
import threading

_lock = threading.Lock()


class _Stats(object):
    stats = {}


def getStats():
    return _Stats.stats


class _Pmf(dict):
    """A distribution: count, mean, min, max and the values' percentiles, as scales reports them."""

    def __init__(self):
        super().__init__(count=0, mean=0.0, min=0.0, max=0.0, stddev=0.0, median=0.0, **{
            '75percentile': 0.0, '95percentile': 0.0, '98percentile': 0.0, '99percentile': 0.0,
            '999percentile': 0.0})
        self._values = []

    def addValue(self, v):
        with _lock:
            self._values.append(v)
            vs = sorted(self._values)
            n = len(vs)
            mean = sum(vs) / n
            self.update(count=n, mean=mean, min=vs[0], max=vs[-1], median=vs[n // 2],
                        stddev=(sum((x - mean) ** 2 for x in vs) / n) ** 0.5)
            for p, key in ((0.75, '75percentile'), (0.95, '95percentile'), (0.98, '98percentile'),
                           (0.99, '99percentile'), (0.999, '999percentile')):
                self[key] = vs[min(n - 1, int(p * n))]


class _Values(dict):
    """A collection's values as getStats() shows them: gauges are read when asked for."""

    def __getitem__(self, k):
        v = dict.__getitem__(self, k)
        return v() if callable(v) and not isinstance(v, _Pmf) else v


class _StatBase(object):
    def __init__(self, name, value=None):
        self.name = name
        self.value = value

    def initial(self):
        return self.value

    # As a class attribute (scales.init): the value lives in the instance's collection.
    def __get__(self, obj, owner):
        if obj is None:
            return self
        return obj.__dict__['_scales_values'][self.name]

    def __set__(self, obj, v):
        obj.__dict__['_scales_values'][self.name] = v


class IntStat(_StatBase):
    def initial(self):
        return self.value or 0


class PmfStat(_StatBase):
    def initial(self):
        return _Pmf()


class Stat(_StatBase):
    def initial(self):
        return self.value


class _Collection(object):
    def __init__(self, values):
        object.__setattr__(self, '_values', values)

    def __getattr__(self, k):
        try:
            return self._values[k]
        except KeyError:
            raise AttributeError(k)

    def __setattr__(self, k, v):
        dict.__setitem__(self._values, k, v)


def collection(path, *stats):
    values = _Values()
    for s in stats:
        dict.__setitem__(values, s.name, s.initial())
    _Stats.stats[path.lstrip('/')] = values
    return _Collection(values)


def init(obj, context=None):
    values = _Values()
    for klass in type(obj).__mro__:
        for attr in vars(klass).values():
            if isinstance(attr, _StatBase) and attr.name not in values:
                dict.__setitem__(values, attr.name, attr.initial())
    obj.__dict__['_scales_values'] = values
    if context:
        _Stats.stats[context.lstrip('/')] = values
