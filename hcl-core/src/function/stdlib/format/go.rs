//! The parts of Go's `fmt`, `math/big` and `strconv` that go-cty's `format`
//! leans on, rebuilt: decimal digits of a number and their rounding
//! (`big.Float.Text`), the `%e %f %g` layouts with Go's padding rules
//! (`big.Float.Format`), integer layouts in bases 2, 8, 10 and 16
//! (`big.Int.Format`), and Go's quoting of strings and runes for messages
//! (`strconv.Quote`, `strconv.QuoteRune`) as strings, by the diagnostics'
//! one quoting rule ([`crate::diag::quoted`]).

use num_bigint::BigInt;

use crate::value::Number;

/// A finite number as decimal digits: `0.d₁d₂… × 10^exp`, with no leading
/// or trailing zero digits (zero has no digits), like Go's `big.decimal`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Decimal {
    pub(crate) neg: bool,
    pub(crate) digits: Vec<u8>,
    pub(crate) exp: i64,
}

/// A number as the shortest [`Decimal`] digits that identify it (Go's
/// shortest mode), or an infinity (`Err(negative)`).
pub(crate) fn decimal_of(n: &Number) -> Result<Decimal, bool> {
    if n.is_infinite() {
        return Err(n.is_negative());
    }
    parse_decimal_text(&n.to_string()).ok_or(n.is_negative())
}

/// A number as the digits of its exact stored value, which Go rounds when a
/// precision is given, or an infinity (`Err(negative)`).
pub(crate) fn exact_decimal_of(n: &Number) -> Result<Decimal, bool> {
    if n.is_infinite() {
        return Err(n.is_negative());
    }
    parse_decimal_text(&n.to_string_exact()).ok_or(n.is_negative())
}

/// Parses `-?digits[.digits][e[+-]digits]`.
fn parse_decimal_text(text: &str) -> Option<Decimal> {
    let (neg, rest) = match text.as_bytes().first()? {
        b'-' => (true, &text[1..]),
        b'+' => (false, &text[1..]),
        _ => (false, text),
    };
    let (mantissa, exp10) = match rest.find(['e', 'E']) {
        Some(at) => (&rest[..at], rest[at + 1..].parse::<i64>().ok()?),
        None => (rest, 0),
    };
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    if int.is_empty() && frac.is_empty() {
        return None;
    }
    if !int.bytes().chain(frac.bytes()).all(|b| b.is_ascii_digit()) {
        return None;
    }
    let all: Vec<u8> = int.bytes().chain(frac.bytes()).collect();
    let lead = all.iter().take_while(|&&b| b == b'0').count();
    let mut digits = all[lead..].to_vec();
    while digits.last() == Some(&b'0') {
        digits.pop();
    }
    if digits.is_empty() {
        return Some(Decimal {
            neg,
            digits,
            exp: 0,
        });
    }
    let int_len = i64::try_from(int.len()).ok()?;
    let lead = i64::try_from(lead).ok()?;
    Some(Decimal {
        neg,
        digits,
        exp: int_len.checked_sub(lead)?.checked_add(exp10)?,
    })
}

impl Decimal {
    fn at(&self, i: i64) -> u8 {
        usize::try_from(i)
            .ok()
            .and_then(|i| self.digits.get(i).copied())
            .unwrap_or(b'0')
    }

    fn trim(&mut self) {
        while self.digits.last() == Some(&b'0') {
            self.digits.pop();
        }
        if self.digits.is_empty() {
            self.exp = 0;
        }
    }

    /// Rounds to `n` digits as `big.decimal.round` does: half to even only
    /// when the dropped part is exactly one half.
    fn round(&mut self, n: i64) {
        let Ok(n) = usize::try_from(n) else { return };
        if n >= self.digits.len() {
            return;
        }
        let half_exactly = self.digits[n] == b'5' && n + 1 == self.digits.len();
        let up = if half_exactly {
            n > 0 && (self.digits[n - 1] - b'0') % 2 == 1
        } else {
            self.digits[n] >= b'5'
        };
        if up {
            let mut k = n;
            while k > 0 && self.digits[k - 1] == b'9' {
                k -= 1;
            }
            if k == 0 {
                self.digits.truncate(1);
                self.digits[0] = b'1';
                self.exp += 1;
                return;
            }
            self.digits[k - 1] += 1;
            self.digits.truncate(k);
        } else {
            self.digits.truncate(n);
            self.trim();
        }
    }

    fn len(&self) -> i64 {
        i64::try_from(self.digits.len()).unwrap_or(i64::MAX)
    }
}

/// Formats `d` (or an infinity) as `big.Float.Append(verb, prec)`; `prec`
/// `None` is the shortest form. The sign is part of the result.
pub(crate) fn float_text(d: Result<&Decimal, bool>, verb: u8, prec: Option<usize>) -> String {
    let d = match d {
        Ok(d) => d,
        Err(neg) => return if neg { "-Inf" } else { "+Inf" }.to_owned(),
    };
    let mut d = d.clone();
    let mut out = String::new();
    if d.neg {
        out.push('-');
    }
    let prec = prec.map(|p| i64::try_from(p).unwrap_or(i64::MAX));
    let shortest = prec.is_none();
    let mut prec = match prec {
        None => match verb {
            b'e' | b'E' => d.len() - 1,
            b'f' => (d.len() - d.exp).max(0),
            _ => d.len(),
        },
        Some(p) => {
            match verb {
                b'e' | b'E' => d.round(p.saturating_add(1)),
                b'f' => d.round(d.exp.saturating_add(p)),
                _ => {
                    let p = p.max(1);
                    d.round(p);
                    return g_layout(out, verb, p, false, &d);
                }
            }
            p
        }
    };
    match verb {
        b'e' | b'E' => fmt_e(&mut out, verb, prec, &d),
        b'f' => fmt_f(&mut out, prec, &d),
        _ => {
            if !shortest {
                prec = prec.max(1);
            }
            return g_layout(out, verb, prec, shortest, &d);
        }
    }
    out
}

fn g_layout(mut out: String, verb: u8, mut prec: i64, shortest: bool, d: &Decimal) -> String {
    let mut eprec = prec;
    if eprec > d.len() && d.len() >= d.exp {
        eprec = d.len();
    }
    if shortest {
        eprec = 6;
    }
    let exp = d.exp - 1;
    if exp < -4 || exp >= eprec {
        if prec > d.len() {
            prec = d.len();
        }
        fmt_e(&mut out, verb + b'e' - b'g', prec - 1, d);
        return out;
    }
    if prec > d.exp {
        prec = d.len();
    }
    fmt_f(&mut out, (prec - d.exp).max(0), d);
    out
}

fn fmt_e(out: &mut String, verb: u8, prec: i64, d: &Decimal) {
    out.push(char::from(d.digits.first().copied().unwrap_or(b'0')));
    if prec > 0 {
        out.push('.');
        for i in 1..=prec {
            out.push(char::from(d.at(i)));
        }
    }
    out.push(char::from(verb));
    let exp = if d.digits.is_empty() { 0 } else { d.exp - 1 };
    out.push(if exp < 0 { '-' } else { '+' });
    if exp.unsigned_abs() < 10 {
        out.push('0');
    }
    out.push_str(&exp.unsigned_abs().to_string());
}

fn fmt_f(out: &mut String, prec: i64, d: &Decimal) {
    if d.exp > 0 {
        for i in 0..d.exp {
            out.push(char::from(d.at(i)));
        }
    } else {
        out.push('0');
    }
    if prec > 0 {
        out.push('.');
        for i in 0..prec {
            out.push(char::from(d.at(d.exp + i)));
        }
    }
}

/// The flags, width and precision of one verb.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Spec {
    pub(crate) plus: bool,
    pub(crate) minus: bool,
    pub(crate) space: bool,
    pub(crate) zero: bool,
    pub(crate) sharp: bool,
    pub(crate) width: Option<usize>,
    pub(crate) prec: Option<usize>,
}

impl Spec {
    /// Go's printer drops `0` when `-` is given: padding on the right is
    /// always spaces.
    fn zero_pad(&self) -> bool {
        self.zero && !self.minus
    }
}

/// `fmt.Sprintf` of a `*big.Float` with verb `e E f g G`
/// (`big.Float.Format`).
pub(crate) fn format_float(n: &Number, verb: u8, spec: &Spec) -> String {
    let prec = match (spec.prec, verb) {
        (Some(p), _) => Some(p),
        (None, b'e' | b'E' | b'f') => Some(6),
        (None, _) => None,
    };
    // Rounding to a precision starts from the exact value, as Go's does.
    let d = match prec {
        Some(_) => exact_decimal_of(n),
        None => decimal_of(n),
    };
    let d = d.as_ref().map_err(|&neg| neg);
    let text = float_text(d, verb, prec);
    let (sign, body) = match text.as_bytes().first() {
        Some(b'-') => ("-", &text[1..]),
        Some(b'+') => (if spec.space { " " } else { "+" }, &text[1..]),
        _ if spec.plus => ("+", text.as_str()),
        _ if spec.space => (" ", text.as_str()),
        _ => ("", text.as_str()),
    };
    let pad = spec
        .width
        .map_or(0, |w| w.saturating_sub(sign.len() + body.len()));
    let infinite = d.is_err();
    if spec.zero_pad() && !infinite {
        format!("{sign}{}{body}", "0".repeat(pad))
    } else if spec.minus {
        format!("{sign}{body}{}", " ".repeat(pad))
    } else {
        format!("{}{sign}{body}", " ".repeat(pad))
    }
}

/// `fmt.Sprintf` of a `*big.Int` with verb `b d o x X` (`big.Int.Format`).
pub(crate) fn format_int(n: &BigInt, verb: u8, spec: &Spec) -> String {
    let (radix, prefix) = match verb {
        b'b' => (2, "0b"),
        b'o' => (8, "0"),
        b'x' => (16, "0x"),
        b'X' => (16, "0X"),
        _ => (10, ""),
    };
    let prefix = if spec.sharp { prefix } else { "" };
    let neg = n.sign() == num_bigint::Sign::Minus;
    let sign = if neg {
        "-"
    } else if spec.plus {
        "+"
    } else if spec.space {
        " "
    } else {
        ""
    };
    let mut digits = n.magnitude().to_str_radix(radix);
    if verb == b'X' {
        digits.make_ascii_uppercase();
    }
    let mut zeros = 0;
    if let Some(p) = spec.prec {
        if digits.len() < p {
            zeros = p - digits.len();
        } else if digits == "0" && p == 0 {
            return String::new();
        }
    }
    let len = sign.len() + prefix.len() + zeros + digits.len();
    let (mut left, mut right) = (0, 0);
    if let Some(w) = spec.width.filter(|&w| w > len) {
        let d = w - len;
        if spec.minus {
            right = d;
        } else if spec.zero && spec.prec.is_none() {
            zeros = d;
        } else {
            left = d;
        }
    }
    format!(
        "{}{sign}{prefix}{}{digits}{}",
        " ".repeat(left),
        "0".repeat(zeros),
        " ".repeat(right)
    )
}

/// Go's `strconv.Quote`, as a string (the rule is [`crate::diag::quoted`]).
pub(crate) fn quote(s: &str) -> String {
    crate::diag::quoted(s).to_string()
}

/// Go's `strconv.QuoteRune`.
pub(crate) fn quote_rune(c: char) -> String {
    let mut out = String::from("'");
    // Writing into a String cannot fail.
    let _ = crate::diag::quote::escape_into(&mut out, c, '\'');
    out.push('\'');
    out
}

#[cfg(test)]
mod test {
    use super::*;

    fn dec(s: &str) -> Decimal {
        parse_decimal_text(s).unwrap()
    }

    #[test]
    fn float_text_matches_go_big_float_text() {
        let cases = [
            ("1000", b'e', Some(6), "1.000000e+03"),
            ("1000", b'g', None, "1000"),
            ("1000000", b'g', None, "1e+06"),
            ("123456", b'g', None, "123456"),
            ("0.0001", b'g', None, "0.0001"),
            ("0.00001", b'g', None, "1e-05"),
            ("0.00000000000000000000001", b'G', None, "1E-23"),
            ("10", b'f', Some(6), "10.000000"),
            ("1.06", b'f', Some(1), "1.1"),
            ("1.05", b'f', Some(1), "1.0"),
            ("1.15", b'f', Some(1), "1.2"),
            ("0.5", b'f', Some(0), "0"),
            ("1.5", b'f', Some(0), "2"),
            ("2.5", b'f', Some(0), "2"),
            ("0.009", b'f', Some(2), "0.01"),
            ("0.006", b'f', Some(1), "0.0"),
            ("999.99", b'f', Some(1), "1000.0"),
            ("-3.14159", b'e', Some(2), "-3.14e+00"),
            ("0", b'e', Some(2), "0.00e+00"),
            ("0", b'g', None, "0"),
            ("1.5", b'g', Some(3), "1.5"),
            ("123456789", b'g', Some(3), "1.23e+08"),
            ("100", b'g', Some(2), "1e+02"),
            ("1e100", b'g', None, "1e+100"),
            (
                "1.00000000000000000000000000000000000001",
                b'f',
                Some(6),
                "1.000000",
            ),
            (
                "100000000000000000000000000000000000001",
                b'f',
                Some(6),
                "100000000000000000000000000000000000001.000000",
            ),
        ];
        for (input, verb, prec, want) in cases {
            assert_eq!(
                float_text(Ok(&dec(input)), verb, prec),
                want,
                "{input} %{} {prec:?}",
                verb as char
            );
        }
        assert_eq!(float_text(Err(false), b'f', Some(2)), "+Inf");
        assert_eq!(float_text(Err(true), b'g', None), "-Inf");
    }

    #[test]
    fn int_layout_matches_go_big_int_format() {
        let spec = |f: fn(&mut Spec)| {
            let mut s = Spec::default();
            f(&mut s);
            s
        };
        let n = BigInt::from(254);
        assert_eq!(format_int(&n, b'x', &Spec::default()), "fe");
        assert_eq!(format_int(&n, b'X', &spec(|s| s.sharp = true)), "0XFE");
        assert_eq!(
            format_int(&n, b'b', &spec(|s| s.sharp = true)),
            "0b11111110"
        );
        assert_eq!(format_int(&n, b'o', &spec(|s| s.sharp = true)), "0376");
        assert_eq!(format_int(&n, b'd', &spec(|s| s.width = Some(6))), "   254");
        assert_eq!(
            format_int(
                &n,
                b'd',
                &spec(|s| {
                    s.width = Some(6);
                    s.zero = true
                })
            ),
            "000254"
        );
        assert_eq!(
            format_int(
                &-n.clone(),
                b'd',
                &spec(|s| {
                    s.width = Some(6);
                    s.zero = true
                })
            ),
            "-00254"
        );
        assert_eq!(
            format_int(
                &n,
                b'd',
                &spec(|s| {
                    s.width = Some(6);
                    s.minus = true
                })
            ),
            "254   "
        );
        assert_eq!(format_int(&n, b'd', &spec(|s| s.prec = Some(5))), "00254");
        assert_eq!(
            format_int(&BigInt::from(0), b'd', &spec(|s| s.prec = Some(0))),
            ""
        );
        assert_eq!(format_int(&n, b'd', &spec(|s| s.plus = true)), "+254");
    }

    #[test]
    fn float_padding_matches_go_big_float_format() {
        let num = |s: &str| Number::parse_decimal(s).unwrap();
        let spec = Spec {
            width: Some(10),
            zero: true,
            ..Spec::default()
        };
        assert_eq!(format_float(&num("-1.5"), b'f', &spec), "-01.500000");
        assert_eq!(format_float(&Number::infinity(), b'f', &spec), "      +Inf");
        let spec = Spec {
            width: Some(8),
            minus: true,
            prec: Some(1),
            ..Spec::default()
        };
        assert_eq!(format_float(&num("2"), b'f', &spec), "2.0     ");
        let spec = Spec {
            space: true,
            ..Spec::default()
        };
        assert_eq!(format_float(&num("2"), b'e', &spec), " 2.000000e+00");
        // 2.675 is stored as 2.67499999…, so it rounds down, as in Go.
        let spec = Spec {
            prec: Some(2),
            ..Spec::default()
        };
        assert_eq!(format_float(&num("2.675"), b'f', &spec), "2.67");
        // Without a precision, %g works from the shortest digits.
        assert_eq!(format_float(&num("0.1"), b'g', &Spec::default()), "0.1");
    }

    #[test]
    fn quoting_matches_go_strconv() {
        assert_eq!(quote("%[3]s"), "\"%[3]s\"");
        assert_eq!(quote("a\"b\\\n\u{1}"), "\"a\\\"b\\\\\\n\\x01\"");
        assert_eq!(quote_rune('☠'), "'☠'");
        assert_eq!(quote_rune('\''), "'\\''");
        assert_eq!(quote_rune('\u{a0}'), "'\\u00a0'");
    }
}
