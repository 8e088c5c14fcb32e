//! RFC 3339 timestamps and Go durations.
//!
//! go-cty parses strictly, but words its errors from what Go's
//! `time.Parse(time.RFC3339, …)` reports, so [`go_parse`] follows that
//! parser chunk by chunk (year, `-`, month, `-`, day, `T`, hour, `:`,
//! minute, `:`, second, offset) to find the same failing element, and
//! [`parse_timestamp`] then applies go-cty's stricter checks and wording.

use crate::diag::excerpt;
use crate::diag::quote::MAX_EXCERPT_CHARS;

/// A moment with the UTC offset it was written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Timestamp {
    pub(super) year: i64,
    pub(super) month: u32,
    pub(super) day: u32,
    pub(super) hour: u32,
    pub(super) minute: u32,
    pub(super) second: u32,
    pub(super) nanos: u32,
    /// Seconds east of UTC.
    pub(super) offset: i32,
}

const NANOS: i128 = 1_000_000_000;

impl Timestamp {
    /// Nanoseconds since 1970-01-01T00:00:00Z.
    pub(super) fn instant(&self) -> i128 {
        let days = i128::from(days_from_civil(self.year, self.month, self.day));
        let secs = days * 86_400
            + i128::from(self.hour) * 3600
            + i128::from(self.minute) * 60
            + i128::from(self.second)
            - i128::from(self.offset);
        secs * NANOS + i128::from(self.nanos)
    }

    fn from_instant(instant: i128, offset: i32) -> Timestamp {
        let local = instant + i128::from(offset) * NANOS;
        let secs = local.div_euclid(NANOS);
        let nanos = u32::try_from(local.rem_euclid(NANOS)).unwrap_or(0);
        let days = i64::try_from(secs.div_euclid(86_400)).unwrap_or(0);
        let rem = u32::try_from(secs.rem_euclid(86_400)).unwrap_or(0);
        let (year, month, day) = civil_from_days(days);
        Timestamp {
            year,
            month,
            day,
            hour: rem / 3600,
            minute: rem % 3600 / 60,
            second: rem % 60,
            nanos,
            offset,
        }
    }

    /// This moment plus `nanos`, in the same offset.
    pub(super) fn add_nanos(&self, nanos: i64) -> Timestamp {
        Timestamp::from_instant(self.instant() + i128::from(nanos), self.offset)
    }

    /// Day of the week, 0 for Sunday.
    pub(super) fn weekday(&self) -> i64 {
        // 1970-01-01 was a Thursday.
        (days_from_civil(self.year, self.month, self.day) + 4).rem_euclid(7)
    }

    /// The offset as `±hh:mm` (`colon`) or `±hhmm`.
    pub(super) fn offset_text(&self, colon: bool) -> String {
        let minutes = self.offset / 60;
        let sign = if minutes < 0 { '-' } else { '+' };
        let m = minutes.unsigned_abs();
        let sep = if colon { ":" } else { "" };
        format!("{sign}{:02}{sep}{:02}", m / 60, m % 60)
    }

    /// Go's `time.RFC3339` layout: whole seconds, `Z` for a zero offset.
    pub(super) fn rfc3339(&self) -> String {
        let year = if self.year < 0 {
            format!("-{:04}", self.year.unsigned_abs())
        } else {
            format!("{:04}", self.year)
        };
        let zone = if self.offset == 0 {
            "Z".to_owned()
        } else {
            self.offset_text(true)
        };
        format!(
            "{year}-{:02}-{:02}T{:02}:{:02}:{:02}{zone}",
            self.month, self.day, self.hour, self.minute, self.second
        )
    }
}

fn days_from_civil(year: i64, month: u32, day: u32) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let mp = i64::from((month + 9) % 12);
    let doy = (153 * mp + 2) / 5 + i64::from(day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = u32::try_from(doy - (153 * mp + 2) / 5 + 1).unwrap_or(1);
    let month = u32::try_from(if mp < 10 { mp + 3 } else { mp - 9 }).unwrap_or(1);
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

fn is_leap(year: i64) -> bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
}

fn days_in(month: u32, year: i64) -> u32 {
    match month {
        2 if is_leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// What Go's `time.ParseError` carries.
struct ParseError {
    layout_elem: &'static str,
    value_elem: String,
    message: String,
}

fn perr(layout_elem: &'static str, value_elem: &str, message: &str) -> ParseError {
    ParseError {
        layout_elem,
        value_elem: value_elem.to_owned(),
        message: message.to_owned(),
    }
}

fn is_digit(s: &[u8], i: usize) -> bool {
    s.get(i).is_some_and(u8::is_ascii_digit)
}

/// Go's `getnum`: one or two digits (exactly two if `fixed`).
fn getnum(s: &[u8], fixed: bool) -> Option<(u32, &[u8])> {
    if !is_digit(s, 0) {
        return None;
    }
    let first = u32::from(s[0] - b'0');
    if !is_digit(s, 1) {
        return (!fixed).then(|| (first, &s[1..]));
    }
    Some((first * 10 + u32::from(s[1] - b'0'), &s[2..]))
}

/// Text of the remaining bytes (always at a character boundary, since only
/// ASCII is consumed before an error).
fn text(s: &[u8]) -> &str {
    std::str::from_utf8(s).unwrap_or_default()
}

/// Go's `time.Parse` with the RFC 3339 layout.
fn go_parse(input: &str) -> Result<Timestamp, ParseError> {
    let mut v = input.as_bytes();
    let skip = |v: &mut &[u8], lit: u8, elem: &'static str| -> Result<(), ParseError> {
        match v.first() {
            Some(&b) if b == lit => {
                *v = &v[1..];
                Ok(())
            }
            _ => Err(perr(elem, text(v), "")),
        }
    };
    // Year: four bytes, the first a digit, all four digits.
    if v.len() < 4 || !is_digit(v, 0) || !v[..4].iter().all(u8::is_ascii_digit) {
        return Err(perr("2006", text(v), ""));
    }
    let year = i64::from(
        v[..4]
            .iter()
            .fold(0u32, |n, &b| n * 10 + u32::from(b - b'0')),
    );
    v = &v[4..];
    skip(&mut v, b'-', "-")?;
    let (month, rest) = getnum(v, true).ok_or_else(|| perr("01", text(v), ""))?;
    if !(1..=12).contains(&month) {
        return Err(perr("01", text(rest), ": month out of range"));
    }
    v = rest;
    skip(&mut v, b'-', "-")?;
    let (day, rest) = getnum(v, true).ok_or_else(|| perr("02", text(v), ""))?;
    v = rest;
    skip(&mut v, b'T', "T")?;
    let (hour, rest) = getnum(v, false).ok_or_else(|| perr("15", text(v), ""))?;
    if hour >= 24 {
        return Err(perr("15", text(rest), ": hour out of range"));
    }
    v = rest;
    skip(&mut v, b':', ":")?;
    let (minute, rest) = getnum(v, true).ok_or_else(|| perr("04", text(v), ""))?;
    if minute >= 60 {
        return Err(perr("04", text(rest), ": minute out of range"));
    }
    v = rest;
    skip(&mut v, b':', ":")?;
    let (second, rest) = getnum(v, true).ok_or_else(|| perr("05", text(v), ""))?;
    if second >= 60 {
        return Err(perr("05", text(rest), ": second out of range"));
    }
    v = rest;
    let mut nanos = 0;
    if v.len() >= 2 && matches!(v[0], b'.' | b',') && is_digit(v, 1) {
        let n = 1 + v[1..].iter().take_while(|b| b.is_ascii_digit()).count();
        let digits = &v[1..n.min(10)];
        let value = digits
            .iter()
            .fold(0u32, |n, &b| n * 10 + u32::from(b - b'0'));
        nanos = value * 10u32.pow(u32::try_from(9 - digits.len()).unwrap_or(0));
        v = &v[n..];
    }
    let offset = if v.first() == Some(&b'Z') {
        v = &v[1..];
        0
    } else {
        let hold = v;
        if v.len() < 6 || v[3] != b':' {
            return Err(perr("Z07:00", text(hold), ""));
        }
        let (sign, hh, mm) = (v[0], &v[1..3], &v[4..6]);
        v = &v[6..];
        let hr = getnum(hh, true).map(|(n, _)| n);
        let min = hr.and(getnum(mm, true).map(|(n, _)| n));
        let (h, m) = (hr.unwrap_or(0), min.unwrap_or(0));
        if h > 24 {
            return Err(perr(
                "Z07:00",
                text(v),
                ": time zone offset hour out of range",
            ));
        }
        if m > 60 {
            return Err(perr(
                "Z07:00",
                text(v),
                ": time zone offset minute out of range",
            ));
        }
        let secs = i32::try_from((h * 60 + m) * 60).unwrap_or(0);
        match (hr.is_some() && min.is_some(), sign) {
            (true, b'+') => secs,
            (true, b'-') => -secs,
            _ => return Err(perr("Z07:00", text(hold), "")),
        }
    };
    if !v.is_empty() {
        let extra = text(v);
        return Err(perr(
            "",
            extra,
            &format!(": extra text: {}", excerpt(extra)),
        ));
    }
    if day < 1 || day > days_in(month, year) {
        return Err(perr("", "", ": day out of range"));
    }
    Ok(Timestamp {
        year,
        month,
        day,
        hour,
        minute,
        second,
        nanos,
        offset,
    })
}

/// The checks go-cty adds for what Go's parser lets through.
fn strict_error(s: &str) -> Option<ParseError> {
    let b = s.as_bytes();
    let num2 = |x: &[u8]| u32::from(x[0] - b'0') * 10 + u32::from(x[1] - b'0');
    if b.get(12) == Some(&b':') {
        return Some(perr("15", &s[11..12], ": hour must have two digits"));
    }
    if b.get(19) == Some(&b',') {
        return Some(perr(".", ",", ": sub-second separator must be a period"));
    }
    if b.last() != Some(&b'Z') && b.len() >= 6 {
        let zone = &b[b.len() - 6..];
        if num2(&zone[1..3]) >= 24 {
            return Some(perr("Z07:00", text(zone), ": timezone hour out of range"));
        }
        if num2(&zone[4..6]) >= 60 {
            return Some(perr("Z07:00", text(zone), ": timezone minute out of range"));
        }
    }
    None
}

/// Parses an RFC 3339 timestamp as go-cty does, with its error messages.
pub(super) fn parse_timestamp(s: &str) -> Result<Timestamp, String> {
    let err = match go_parse(s) {
        Ok(t) => match strict_error(s) {
            None => return Ok(t),
            Some(e) => e,
        },
        Err(e) => e,
    };
    Err(describe(&err))
}

/// go-cty's rewording of a `time.ParseError`.
fn describe(e: &ParseError) -> String {
    const PREFIX: &str = "not a valid RFC3339 timestamp";
    if e.layout_elem.is_empty() && e.value_elem.is_empty() && !e.message.is_empty() {
        return format!("{PREFIX}{}", e.message);
    }
    let what = match e.layout_elem {
        "2006" => "year",
        "01" => "month",
        "02" => "day of month",
        "15" => "hour",
        "04" => "minute",
        "05" => "second",
        "Z07:00" => "UTC offset",
        "T" => return format!("{PREFIX}: missing required time introducer 'T'"),
        ":" | "-" if e.value_elem.is_empty() => {
            return format!(
                "{PREFIX}: end of string where {} is expected",
                excerpt(e.layout_elem)
            )
        }
        ":" | "-" => {
            return format!(
                "{PREFIX}: found {} where {} is expected",
                excerpt(&e.value_elem),
                excerpt(e.layout_elem)
            )
        }
        _ => "timestamp segment",
    };
    if e.value_elem.is_empty() {
        return format!("{PREFIX}: end of string before {what}");
    }
    match what {
        "hour" if e.value_elem.contains(':') => {
            format!("{PREFIX}: hour must be between 0 and 23 inclusive")
        }
        "hour" if e.value_elem.len() != 2 => format!("{PREFIX}: hour must have exactly two digits"),
        "minute" if e.value_elem.len() != 2 => {
            format!("{PREFIX}: minute must have exactly two digits")
        }
        _ => format!("{PREFIX}: cannot use {} as {what}", excerpt(&e.value_elem)),
    }
}

/// Go's `time.ParseDuration`: nanoseconds, or its error message.
pub(super) fn parse_duration(orig: &str) -> Result<i64, String> {
    const LIMIT: u64 = 1 << 63;
    let invalid = || format!("time: invalid duration {}", time_quote(orig));
    let mut s = orig;
    let mut neg = false;
    if let Some(rest) = s.strip_prefix('-') {
        neg = true;
        s = rest;
    } else if let Some(rest) = s.strip_prefix('+') {
        s = rest;
    }
    if s == "0" {
        return Ok(0);
    }
    if s.is_empty() {
        return Err(invalid());
    }
    let mut total: u64 = 0;
    while !s.is_empty() {
        let b = s.as_bytes();
        if !(b[0] == b'.' || b[0].is_ascii_digit()) {
            return Err(invalid());
        }
        // Whole part.
        let int_len = b.iter().take_while(|c| c.is_ascii_digit()).count();
        let mut v: u64 = 0;
        for &c in &b[..int_len] {
            if v > LIMIT / 10 {
                return Err(invalid());
            }
            v = v * 10 + u64::from(c - b'0');
            if v > LIMIT {
                return Err(invalid());
            }
        }
        s = &s[int_len..];
        // Fraction.
        let (mut f, mut scale, mut post) = (0u64, 1f64, false);
        if let Some(rest) = s.strip_prefix('.') {
            let frac_len = rest.bytes().take_while(u8::is_ascii_digit).count();
            let mut overflow = false;
            for c in rest.bytes().take(frac_len) {
                if overflow {
                    continue;
                }
                if f > (LIMIT - 1) / 10 {
                    overflow = true;
                    continue;
                }
                let y = f * 10 + u64::from(c - b'0');
                if y > LIMIT {
                    overflow = true;
                    continue;
                }
                f = y;
                scale *= 10.0;
            }
            post = frac_len > 0;
            s = &rest[frac_len..];
        }
        if int_len == 0 && !post {
            return Err(invalid());
        }
        // Unit.
        let unit_len = s
            .find(|c: char| c == '.' || c.is_ascii_digit())
            .unwrap_or(s.len());
        if unit_len == 0 {
            return Err(format!(
                "time: missing unit in duration {}",
                time_quote(orig)
            ));
        }
        let name = &s[..unit_len];
        s = &s[unit_len..];
        let unit: u64 = match name {
            "ns" => 1,
            "us" | "\u{b5}s" | "\u{3bc}s" => 1_000,
            "ms" => 1_000_000,
            "s" => 1_000_000_000,
            "m" => 60_000_000_000,
            "h" => 3_600_000_000_000,
            _ => {
                return Err(format!(
                    "time: unknown unit {} in duration {}",
                    time_quote(name),
                    time_quote(orig)
                ))
            }
        };
        if v > LIMIT / unit {
            return Err(invalid());
        }
        v *= unit;
        if f > 0 {
            // Go computes the fraction in float64, truncating.
            #[allow(
                clippy::cast_possible_truncation,
                clippy::cast_sign_loss,
                clippy::cast_precision_loss
            )]
            let frac = (f as f64 * (unit as f64 / scale)) as u64;
            v = v.saturating_add(frac);
            if v > LIMIT {
                return Err(invalid());
            }
        }
        total = total.saturating_add(v);
        if total > LIMIT {
            return Err(invalid());
        }
    }
    if neg {
        // -(1 << 63) is the one value whose magnitude does not fit positive.
        return Ok(0i64.wrapping_sub_unsigned(total));
    }
    i64::try_from(total).map_err(|_| invalid())
}

/// The `quote` of Go's `time` package: ASCII as is (with `"` and `\`
/// escaped), other bytes as `\x` escapes; cut as an excerpt is
/// ([`crate::diag::Excerpt`]).
fn time_quote(s: &str) -> String {
    let mut out = String::from("\"");
    let cut = s.char_indices().nth(MAX_EXCERPT_CHARS);
    for c in s[..cut.map_or(s.len(), |(at, _)| at)].chars() {
        if c.is_ascii() && c >= ' ' {
            if c == '"' || c == '\\' {
                out.push('\\');
            }
            out.push(c);
        } else {
            let mut buf = [0u8; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                out.push_str(&format!("\\x{b:02x}"));
            }
        }
    }
    out.push('"');
    if cut.is_some() {
        out.push('…');
    }
    out
}
