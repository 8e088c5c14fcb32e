//! Standard functions: dates and times (go-cty's `stdlib/datetime.go` and
//! `datetime_rfc3339.go`; `timecmp` from Terraform).
//!
//! Timestamps are RFC 3339 strings (`2006-01-02T15:04:05Z`, optionally with
//! fractional seconds and a `±hh:mm` offset), parsed strictly as go-cty
//! parses them and with its error messages, which name the part at fault
//! the way Go's `time.Parse` finds it. Durations are Go duration strings
//! (`"1h30m"`, `"-10m"`, `"1.5h"`, units `ns us µs ms s m h`).
//!
//! Written by hand: the calendar arithmetic needed here is a few lines, and
//! the error wording must follow Go's parser step by step, which no date
//! crate would give.

mod rfc3339;

use super::string::str_arg;
use crate::function::{Function, FunctionError, Functions, Param};
use crate::value::{Type, Value};

use rfc3339::{parse_duration, parse_timestamp, Timestamp};

pub(super) fn register(table: &mut Functions) {
    table.insert("formatdate", formatdate());
    table.insert("timeadd", timeadd());
    table.insert("timecmp", timecmp());
}

/// `formatdate(format, time)`: the RFC 3339 timestamp `time` written in the
/// layout `format`, whose letters are replaced:
///
/// | spec | output | spec | output |
/// |------|--------|------|--------|
/// | `YYYY` | year, `2006` | `YY` | year mod 100, `06` |
/// | `MMMM` | `January` | `MMM` | `Jan` |
/// | `MM` | month, `01` | `M` | month, `1` |
/// | `DD` | day, `02` | `D` | day, `2` |
/// | `EEEE` | `Monday` | `EEE` | `Mon` |
/// | `hh` | 24-hour, `15` | `h` | 24-hour, `15` |
/// | `HH` | 12-hour, `03` | `H` | 12-hour, `3` |
/// | `AA` | `PM` | `aa` | `pm` |
/// | `mm` | minute, `04` | `m` | minute, `4` |
/// | `ss` | second, `05` | `s` | second, `5` |
/// | `ZZZZZ` | `-07:00` | `ZZZZ` | `-0700` |
/// | `ZZZ` | `-0700`, or `UTC` | `Z` | `-07:00`, or `Z` |
///
/// Text in single quotes is copied (`''` is one quote); other non-letters
/// are copied as they are; any other run of letters is an error.
///
/// ```
/// # use hcl_core::{function::stdlib, Value};
/// let formatdate = stdlib::functions().get("formatdate").unwrap().clone();
/// assert_eq!(
///     formatdate.call(&["DD MMM YYYY hh:mm ZZZ".into(), "2018-01-02T23:12:01Z".into()]).unwrap(),
///     Value::from("02 Jan 2018 23:12 UTC")
/// );
/// assert_eq!(
///     formatdate.call(&["EEEE, H 'o''clock' aa".into(), "2018-01-02T23:12:01-08:00".into()]).unwrap(),
///     Value::from("Tuesday, 11 o'clock pm")
/// );
/// ```
fn formatdate() -> Function {
    Function::builder()
        .describe("Formats a timestamp given in RFC 3339 syntax into another timestamp in some other machine-oriented time syntax, as described in the format string.")
        .param(Param::new("format", Type::String))
        .param(Param::new("time", Type::String))
        .returns(Type::String)
        .implementation(|args, cx| {
            let format = str_arg(args, 0)?;
            let t = parse_timestamp(str_arg(args, 1)?).map_err(|e| FunctionError::argument(1, e))?;
            // At most a few bytes per byte of the format.
            let s = format_date(format, &t).map_err(|e| FunctionError::argument(0, e))?;
            cx.string(s)
        })
}

/// `timeadd(timestamp, duration)`: the RFC 3339 timestamp `duration` after
/// `timestamp` (before, if negative), in the same UTC offset and without
/// fractional seconds, as Go's `time.RFC3339` layout writes it.
///
/// ```
/// # use hcl_core::{function::stdlib, Value};
/// let timeadd = stdlib::functions().get("timeadd").unwrap().clone();
/// assert_eq!(
///     timeadd.call(&["2017-11-22T00:00:00Z".into(), "10m".into()]).unwrap(),
///     Value::from("2017-11-22T00:10:00Z")
/// );
/// assert_eq!(
///     timeadd.call(&["2017-11-22T00:00:00+01:00".into(), "-1.5h".into()]).unwrap(),
///     Value::from("2017-11-21T22:30:00+01:00")
/// );
/// ```
fn timeadd() -> Function {
    Function::builder()
        .describe("Adds the duration represented by the given duration string to the given RFC 3339 timestamp string, returning another RFC 3339 timestamp.")
        .param(Param::new("timestamp", Type::String))
        .param(Param::new("duration", Type::String))
        .returns(Type::String)
        .implementation(|args, cx| {
            let t = parse_timestamp(str_arg(args, 0)?).map_err(|e| FunctionError::argument(0, e))?;
            let d = parse_duration(str_arg(args, 1)?).map_err(|e| FunctionError::argument(1, e))?;
            cx.string(t.add_nanos(d).rfc3339())
        })
}

/// `timecmp(timestamp_a, timestamp_b)`: `-1`, `0` or `1` as the instant
/// `timestamp_a` is before, the same as, or after `timestamp_b` (offsets
/// taken into account).
///
/// ```
/// # use hcl_core::{function::stdlib, Value};
/// let timecmp = stdlib::functions().get("timecmp").unwrap().clone();
/// assert_eq!(
///     timecmp.call(&["2017-11-22T01:00:00+01:00".into(), "2017-11-22T00:00:00Z".into()]).unwrap(),
///     Value::from(0)
/// );
/// ```
fn timecmp() -> Function {
    Function::builder()
        .describe("Compares two timestamps and returns a number that represents the ordering of the instants those timestamps represent.")
        .param(Param::new("timestamp_a", Type::String))
        .param(Param::new("timestamp_b", Type::String))
        .returns(Type::Number)
        .implementation(|args, _| {
            let a = parse_timestamp(str_arg(args, 0)?).map_err(|e| FunctionError::argument(0, e))?;
            let b = parse_timestamp(str_arg(args, 1)?).map_err(|e| FunctionError::argument(1, e))?;
            Ok(Value::from(match a.instant().cmp(&b.instant()) {
                std::cmp::Ordering::Less => -1,
                std::cmp::Ordering::Equal => 0,
                std::cmp::Ordering::Greater => 1,
            }))
        })
}

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

const WEEKDAYS: [&str; 7] = [
    "Sunday",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
];

/// go-cty's date-format machine: quoted literals, runs of one letter, and
/// other text.
fn format_date(format: &str, t: &Timestamp) -> Result<String, String> {
    let mut out = String::new();
    let bytes = format.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'\'' {
            if bytes.get(i + 1) == Some(&b'\'') {
                out.push('\'');
                i += 2;
                continue;
            }
            // To the closing quote, stepping over doubled quotes; at the end
            // of the format the token is whatever is left.
            let mut k = i + 1;
            let end = loop {
                match bytes.get(k) {
                    None => break bytes.len(),
                    Some(b'\'') if k + 1 == bytes.len() => break bytes.len(),
                    Some(b'\'') if bytes.get(k + 1) == Some(&b'\'') => k += 2,
                    Some(b'\'') => break k + 1,
                    Some(_) => k += 1,
                }
            };
            let token = &format[i..end];
            if token.len() == 1 || !token.ends_with('\'') {
                return Err("unterminated literal '".into());
            }
            let mut chars = token[1..token.len() - 1].chars();
            while let Some(c) = chars.next() {
                out.push(c);
                if c == '\'' {
                    chars.next();
                }
            }
            i = end;
        } else if b.is_ascii_alphabetic() {
            let run = bytes[i..].iter().take_while(|&&c| c == b).count();
            let token = &format[i..i + run];
            format_verb(&mut out, token, run, t)?;
            i += run;
        } else {
            let next = bytes[i..]
                .iter()
                .position(|&c| c == b'\'' || c.is_ascii_alphabetic())
                .map_or(bytes.len(), |k| i + k);
            out.push_str(&format[i..next]);
            i = next;
        }
    }
    Ok(out)
}

fn format_verb(out: &mut String, token: &str, len: usize, t: &Timestamp) -> Result<(), String> {
    let bad = |why: &str| {
        let q = crate::diag::excerpt(token);
        if why.is_empty() {
            format!("invalid date format verb {q}")
        } else {
            format!("invalid date format verb {q}: {why}")
        }
    };
    let hour12 = match t.hour % 12 {
        0 => 12,
        h => h,
    };
    match (token.as_bytes()[0], len) {
        (b'Y', 2) => out.push_str(&format!("{:02}", t.year % 100)),
        (b'Y', 4) => out.push_str(&format!("{:04}", t.year)),
        (b'Y', _) => return Err(bad("year must either be \"YY\" or \"YYYY\"")),
        (b'M', 1) => out.push_str(&t.month.to_string()),
        (b'M', 2) => out.push_str(&format!("{:02}", t.month)),
        (b'M', 3) => out.push_str(&month_name(t.month)[..3]),
        (b'M', 4) => out.push_str(month_name(t.month)),
        (b'M', _) => return Err(bad("month must be \"M\", \"MM\", \"MMM\", or \"MMMM\"")),
        (b'D', 1) => out.push_str(&t.day.to_string()),
        (b'D', 2) => out.push_str(&format!("{:02}", t.day)),
        (b'D', _) => return Err(bad("day of month must either be \"D\" or \"DD\"")),
        (b'E', 3) => out.push_str(&weekday_name(t)[..3]),
        (b'E', 4) => out.push_str(weekday_name(t)),
        (b'E', _) => return Err(bad("day of week must either be \"EEE\" or \"EEEE\"")),
        (b'h', 1) => out.push_str(&t.hour.to_string()),
        (b'h', 2) => out.push_str(&format!("{:02}", t.hour)),
        (b'h', _) => return Err(bad("24-hour must either be \"h\" or \"hh\"")),
        (b'H', 1) => out.push_str(&hour12.to_string()),
        (b'H', 2) => out.push_str(&format!("{hour12:02}")),
        (b'H', _) => return Err(bad("12-hour must either be \"H\" or \"HH\"")),
        (b'A' | b'a', 2) => {
            let pm = t.hour >= 12;
            out.push_str(match (token.as_bytes()[0] == b'A', pm) {
                (true, false) => "AM",
                (true, true) => "PM",
                (false, false) => "am",
                (false, true) => "pm",
            });
        }
        (b'A' | b'a', _) => {
            let c = &token[..1];
            return Err(bad(&format!("must be \"{c}{c}\"")));
        }
        (b'm', 1) => out.push_str(&t.minute.to_string()),
        (b'm', 2) => out.push_str(&format!("{:02}", t.minute)),
        (b'm', _) => return Err(bad("minute must either be \"m\" or \"mm\"")),
        (b's', 1) => out.push_str(&t.second.to_string()),
        (b's', 2) => out.push_str(&format!("{:02}", t.second)),
        (b's', _) => return Err(bad("second must either be \"s\" or \"ss\"")),
        (b'Z', 1) if t.offset == 0 => out.push('Z'),
        (b'Z', 1 | 5) => out.push_str(&t.offset_text(true)),
        (b'Z', 3) if t.offset == 0 => out.push_str("UTC"),
        (b'Z', 3 | 4) => out.push_str(&t.offset_text(false)),
        (b'Z', _) => return Err(bad("timezone must be Z, ZZZZ, or ZZZZZ")),
        _ => return Err(bad("")),
    }
    Ok(())
}

fn month_name(month: u32) -> &'static str {
    MONTHS
        .get(usize::try_from(month.saturating_sub(1)).unwrap_or(0))
        .copied()
        .unwrap_or("January")
}

fn weekday_name(t: &Timestamp) -> &'static str {
    WEEKDAYS
        .get(usize::try_from(t.weekday()).unwrap_or(0))
        .copied()
        .unwrap_or("Sunday")
}

#[cfg(test)]
mod test;
