//! Numbers to text and to `f64`.
//!
//! `Display` reproduces Go's `big.Float.Text('f', -1)` at 512 bits: the
//! shortest decimal in the interval `x ± ½ulp` (ends included when the
//! mantissa is even), chosen digit by digit as Go's `roundShortest` does. Go
//! expands `x` and both ends in full; we only work out the leading digits
//! (rarely more than 160 are needed), which keeps tiny and huge numbers cheap.

use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{One, ToPrimitive, Zero};

use super::float::{BigFloat, PRECISION};
use super::parse::pow5;
use super::{parse, Number};

/// `log10(2)`, for estimating the decimal exponent.
const LOG10_2: f64 = std::f64::consts::LOG10_2;

/// Digits worked out in the first try of the shortest search; doubled until
/// the search is decided.
const FIRST_DIGITS: usize = 40;

/// The leading decimal digits of a positive value: `0.d₁d₂… × 10^exp`.
struct Decimal {
    /// ASCII digits. When `exact`, these are all the digits with trailing
    /// zeros removed; otherwise they are the first digits of a longer
    /// expansion.
    digits: Vec<u8>,
    exp: i64,
    exact: bool,
}

impl Decimal {
    /// The digit at `i`, `'0'` beyond the end (Go's `decimal.at`).
    fn at(&self, i: usize) -> u8 {
        self.digits.get(i).copied().unwrap_or(b'0')
    }

    /// The length of the full trimmed expansion, or `usize::MAX` when it is
    /// longer than what was worked out.
    fn len(&self) -> usize {
        if self.exact {
            self.digits.len()
        } else {
            usize::MAX
        }
    }

    fn trim(&mut self) {
        while self.digits.last() == Some(&b'0') {
            self.digits.pop();
        }
    }

    fn round_down(&mut self, n: usize) {
        if n >= self.len() {
            return;
        }
        self.digits.truncate(n);
        self.exact = true;
        self.trim();
    }

    fn round_up(&mut self, n: usize) {
        if n >= self.len() {
            return;
        }
        let mut k = n;
        while k > 0 && self.digits.get(k - 1).is_some_and(|&d| d >= b'9') {
            k -= 1;
        }
        self.exact = true;
        if k == 0 {
            self.digits.clear();
            self.digits.push(b'1');
            self.exp += 1;
            return;
        }
        self.digits.truncate(k);
        if let Some(d) = self.digits.last_mut() {
            *d += 1;
        }
    }

    /// Go's `decimal.round`: to nearest, an exact half to an even digit.
    fn round(&mut self, n: usize) {
        if n >= self.len() {
            return;
        }
        let halfway = self.at(n) == b'5' && n + 1 == self.len();
        let up = if halfway {
            n > 0 && (self.at(n - 1) - b'0') % 2 == 1
        } else {
            self.at(n) >= b'5'
        };
        if up {
            self.round_up(n);
        } else {
            self.round_down(n);
        }
    }
}

/// `floor(m · 2^e · 10^s)` and whether that dropped a non-zero part.
fn scale(m: &BigUint, e: i64, s: i64) -> (BigUint, bool) {
    let sh = e + s;
    if s >= 0 {
        let num = m * pow5(s.unsigned_abs());
        if sh >= 0 {
            return (num << sh.unsigned_abs(), false);
        }
        let k = sh.unsigned_abs();
        let dropped = num.trailing_zeros().is_some_and(|tz| tz < k);
        return (num >> k, dropped);
    }
    let den5 = pow5(s.unsigned_abs());
    let (q, r) = if sh >= 0 {
        (m << sh.unsigned_abs()).div_rem(&den5)
    } else {
        m.div_rem(&(den5 << sh.unsigned_abs()))
    };
    (q, !r.is_zero())
}

/// The first `n` significant digits of `m · 2^e` (`m > 0`).
fn leading_digits(m: &BigUint, e: i64, n: usize) -> Decimal {
    let top = m.bits() as i64 + e;
    // 10^(exp-1) <= value < 10^exp; the estimate is off by at most one.
    let mut exp = ((top - 1) as f64 * LOG10_2).floor() as i64 + 1;
    let n_i = n as i64;
    let limit = BigUint::from(10u32).pow(n as u32);
    let floor = BigUint::from(10u32).pow(n as u32 - 1);
    let mut tries = 0;
    loop {
        let (q, dropped) = scale(m, e, n_i - exp);
        tries += 1;
        if q >= limit && tries < 4 {
            exp += 1;
            continue;
        }
        if q < floor && tries < 4 {
            exp -= 1;
            continue;
        }
        let mut d = Decimal {
            digits: q.to_string().into_bytes(),
            exp,
            exact: !dropped,
        };
        if d.exact {
            d.trim();
        }
        return d;
    }
}

/// Go's `roundShortest` on the leading digits; `None` when more digits are
/// needed to decide.
fn round_shortest(
    mut d: Decimal,
    lower: &Decimal,
    upper: &Decimal,
    inclusive: bool,
    n: usize,
) -> Option<Decimal> {
    let mut i = 0;
    while i < d.len() {
        if (!d.exact && i + 2 >= n) || (!lower.exact && i + 1 >= n) || (!upper.exact && i + 1 >= n)
        {
            return None;
        }
        let (l, m, u) = (lower.at(i), d.at(i), upper.at(i));
        let okdown = l != m || inclusive && i + 1 == lower.len();
        let okup = m != u && (inclusive || m + 1 < u || i + 1 < upper.len());
        match (okdown, okup) {
            (true, true) => d.round(i + 1),
            (true, false) => d.round_down(i + 1),
            (false, true) => d.round_up(i + 1),
            (false, false) => {
                i += 1;
                continue;
            }
        }
        return Some(d);
    }
    Some(d)
}

/// The shortest digits for the non-integer `m · 2^e` (odd `m` of at most
/// [`PRECISION`] bits). `quarter_below` narrows the lower end to `x − ¼ulp`,
/// the true rounding interval below a power of two.
fn shortest_digits(m: &BigUint, e: i64, quarter_below: bool) -> Decimal {
    // A mantissa with PRECISION + 1 bits, so that its last bit is ½ulp.
    let sh = (PRECISION + 1).saturating_sub(m.bits());
    let mant = m << sh;
    let ex = e - sh as i64;
    let (lo_m, lo_e) = if quarter_below {
        ((&mant << 1u32) - 1u32, ex - 1)
    } else {
        (&mant - 1u32, ex)
    };
    let up_m = &mant + 1u32;
    // The ends round to x only when x's PRECISION-bit mantissa is even.
    let inclusive = !mant.bit(1);
    let mut n = FIRST_DIGITS;
    loop {
        let d = leading_digits(m, e, n);
        let lower = leading_digits(&lo_m, lo_e, n);
        let upper = leading_digits(&up_m, ex, n);
        if let Some(r) = round_shortest(d, &lower, &upper, inclusive, n) {
            return r;
        }
        n *= 2;
    }
}

/// Go's `fmtF` with the precision of the shortest mode.
fn write_f(neg: bool, d: &Decimal) -> String {
    let mut out = String::with_capacity(d.digits.len() + 8);
    if neg {
        out.push('-');
    }
    if d.exp > 0 {
        let exp = d.exp as usize;
        for i in 0..exp {
            out.push(char::from(d.at(i)));
        }
    } else {
        out.push('0');
    }
    let frac = (d.digits.len() as i64 - d.exp).max(0);
    if frac > 0 {
        out.push('.');
        for i in 0..frac {
            let pos = d.exp + i;
            out.push(if pos < 0 {
                '0'
            } else {
                char::from(d.at(pos as usize))
            });
        }
    }
    out
}

/// `Display` of a `Big` number.
pub(super) fn shortest(b: &BigFloat) -> String {
    if b.exp >= 0 {
        let digits = (&b.mant << b.exp.unsigned_abs()).to_string();
        return if b.neg { format!("-{digits}") } else { digits };
    }
    let text = write_f(b.neg, &shortest_digits(&b.mant, b.exp, false));
    // Go's interval is symmetric, but below a power of two the neighbour is
    // only ½ulp away, so Go's choice can read back as that neighbour (it
    // does for 2^-227, for example). Only then we search the true interval.
    if b.mant.is_one() {
        let same =
            parse::parse_general(&text).is_ok_and(|n| n.big_float().is_some_and(|r| *r == *b));
        if !same {
            return write_f(b.neg, &shortest_digits(&b.mant, b.exp, true));
        }
    }
    text
}

/// All digits of the stored value.
pub(super) fn exact(n: &Number) -> String {
    let b = match n.big_float() {
        Some(b) if b.exp < 0 => b,
        _ => return n.to_string(),
    };
    // m / 2^k = m·5^k / 10^k
    let k = b.exp.unsigned_abs();
    let digits = (&b.mant * pow5(k)).to_string();
    let k = k as usize;
    let mut out = String::with_capacity(digits.len() + 3);
    if b.neg {
        out.push('-');
    }
    if digits.len() > k {
        let (int, frac) = digits.split_at(digits.len() - k);
        out.push_str(int);
        out.push('.');
        out.push_str(frac);
    } else {
        out.push_str("0.");
        out.extend(std::iter::repeat_n('0', k - digits.len()));
        out.push_str(&digits);
    }
    out
}

/// The nearest `f64` to a `Big` number, ties to even.
pub(super) fn big_to_f64(b: &BigFloat) -> f64 {
    let top = b.mant.bits() as i64 + b.exp;
    let short = b.mant.to_u64().and_then(|m| exact_f64(m, b.exp));
    let mag = if let Some(exact) = short {
        exact
    } else if top > 1025 {
        f64::INFINITY
    } else if top < -1080 {
        0.0
    } else {
        // The last kept bit: 53 significant bits, or the subnormal limit.
        let last = (top - 53).max(-1074);
        let q = if last > b.exp {
            let shift = (last - b.exp).unsigned_abs();
            let mut q = &b.mant >> shift;
            let half = b.mant.bit(shift - 1);
            let below = b.mant.trailing_zeros().is_some_and(|tz| tz < shift - 1);
            if half && (below || q.bit(0)) {
                q += 1u32;
            }
            q
        } else {
            &b.mant << (b.exp - last).unsigned_abs()
        };
        let q = q.to_f64().unwrap_or(f64::INFINITY);
        if last >= -1022 {
            q * pow2(last)
        } else {
            // Two exact steps keep the subnormal result from rounding twice.
            q * pow2(last + 64) * pow2(-64)
        }
    };
    if b.neg {
        -mag
    } else {
        mag
    }
}

/// `mant · 2^exp` when it is an `f64` exactly (`0.5`, `2.25`, `2^100`): a
/// mantissa of at most 53 bits times a power of two that keeps the result
/// normal — one multiplication, no rounding, no big shift.
pub(super) fn exact_f64(mant: u64, exp: i64) -> Option<f64> {
    let top = i64::from(64 - mant.leading_zeros()) + exp;
    if mant >= 1 << 53 || !(-1022..=1023).contains(&exp) || top > 1024 {
        return None;
    }
    Some(mant as f64 * pow2(exp))
}

/// `2^e` for `-1022 <= e <= 1023`; beyond that an infinity or zero.
pub(super) fn pow2(e: i64) -> f64 {
    if e > 1023 {
        f64::INFINITY
    } else if e < -1022 {
        0.0
    } else {
        f64::from_bits(((e + 1023) as u64) << 52)
    }
}
