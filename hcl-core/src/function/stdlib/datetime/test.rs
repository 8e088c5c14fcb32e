//! Expected values are go-cty's (`stdlib/datetime_test.go`), Terraform's
//! (`lang/funcs/datetime_test.go`) and Go's `time.ParseDuration` messages.

use crate::function::stdlib::functions;
use crate::function::CallError;
use crate::value::{Type, Value};

fn call(name: &str, args: &[Value]) -> Result<Value, CallError> {
    functions().get(name).unwrap().call(args)
}

fn s(v: &str) -> Value {
    Value::from(v)
}

fn message(e: CallError) -> String {
    match e {
        CallError::Argument { message, .. } | CallError::Call(message) => message,
        other => other.to_string(),
    }
}

fn formatdate(format: &str, time: &str) -> Result<String, String> {
    call("formatdate", &[s(format), s(time)])
        .map(|v| v.as_str().unwrap().to_owned())
        .map_err(message)
}

const TS: &str = "2006-01-02T15:04:05Z";

#[test]
fn formatdate_verbs() {
    let cases = [
        ("", ""),
        ("YYYY-MM-DD", "2006-01-02"),
        ("EEE, MMM D ''YY", "Mon, Jan 2 '06"),
        ("hh:mm:ss", "15:04:05"),
        ("H 'o''clock' AA", "3 o'clock PM"),
        ("H 'o''clock'", "3 o'clock"),
        ("hh:mm:ssZZZZ", "15:04:05+0000"),
        ("hh:mm:ssZZZZZ", "15:04:05+00:00"),
        ("MMMM", "January"),
        ("EEEE", "Monday"),
        ("aa", "pm"),
        ("M/D h:m:s", "1/2 15:4:5"),
        ("HH", "03"),
        ("'YYYY' ü", "YYYY ü"),
        ("YYYY-MM-DD'T'hh:mm:ssZ", "2006-01-02T15:04:05Z"),
        ("DD MMM YYYY hh:mm ZZZ", "02 Jan 2006 15:04 UTC"),
        (
            "EEEE, DD-MMM-YY hh:mm:ss ZZZ",
            "Monday, 02-Jan-06 15:04:05 UTC",
        ),
        (
            "EEE, DD MMM YYYY hh:mm:ss ZZZ",
            "Mon, 02 Jan 2006 15:04:05 UTC",
        ),
        // A quote closing at the very end after a doubled quote: Go's
        // scanner takes the rest as the literal.
        ("'abc''", "abc'"),
    ];
    for (format, want) in cases {
        assert_eq!(formatdate(format, TS).unwrap(), want, "{format:?}");
    }
}

#[test]
fn formatdate_twelve_hour_clock() {
    assert_eq!(
        formatdate("H HH AA aa", "2006-01-02T00:04:05Z").unwrap(),
        "12 12 AM am"
    );
    assert_eq!(formatdate("H AA", "2006-01-02T12:04:05Z").unwrap(), "12 PM");
    assert_eq!(formatdate("h H", "2006-01-02T09:04:05Z").unwrap(), "9 9");
}

#[test]
fn formatdate_verb_errors() {
    let cases = [
        (
            "Y",
            "invalid date format verb \"Y\": year must either be \"YY\" or \"YYYY\"",
        ),
        (
            "YYYYY",
            "invalid date format verb \"YYYYY\": year must either be \"YY\" or \"YYYY\"",
        ),
        ("A", "invalid date format verb \"A\": must be \"AA\""),
        ("a", "invalid date format verb \"a\": must be \"aa\""),
        (
            "MMMMM",
            "invalid date format verb \"MMMMM\": month must be \"M\", \"MM\", \"MMM\", or \"MMMM\"",
        ),
        (
            "DDD",
            "invalid date format verb \"DDD\": day of month must either be \"D\" or \"DD\"",
        ),
        (
            "E",
            "invalid date format verb \"E\": day of week must either be \"EEE\" or \"EEEE\"",
        ),
        (
            "hhh",
            "invalid date format verb \"hhh\": 24-hour must either be \"h\" or \"hh\"",
        ),
        (
            "HHH",
            "invalid date format verb \"HHH\": 12-hour must either be \"H\" or \"HH\"",
        ),
        (
            "mmm",
            "invalid date format verb \"mmm\": minute must either be \"m\" or \"mm\"",
        ),
        (
            "sss",
            "invalid date format verb \"sss\": second must either be \"s\" or \"ss\"",
        ),
        (
            "ZZ",
            "invalid date format verb \"ZZ\": timezone must be Z, ZZZZ, or ZZZZZ",
        ),
        ("q", "invalid date format verb \"q\""),
        ("'blah blah", "unterminated literal '"),
        ("'", "unterminated literal '"),
    ];
    for (format, want) in cases {
        assert_eq!(formatdate(format, TS).unwrap_err(), want, "{format:?}");
        let e = call("formatdate", &[s(format), s(TS)]).unwrap_err();
        assert_eq!(e.argument_index(), Some(0));
    }
}

#[test]
fn formatdate_timestamp_parse_errors() {
    let cases = [
        (
            "",
            "not a valid RFC3339 timestamp: end of string before year",
        ),
        (
            "2017-01-02",
            "not a valid RFC3339 timestamp: missing required time introducer 'T'",
        ),
        (
            "2017-12-02t00:00:00Z",
            "not a valid RFC3339 timestamp: missing required time introducer 'T'",
        ),
        (
            "2017:01:02",
            "not a valid RFC3339 timestamp: found \":01:02\" where \"-\" is expected",
        ),
        (
            "2017",
            "not a valid RFC3339 timestamp: end of string where \"-\" is expected",
        ),
        (
            "2017-01-02T",
            "not a valid RFC3339 timestamp: end of string before hour",
        ),
        (
            "2017-01-02T00",
            "not a valid RFC3339 timestamp: end of string where \":\" is expected",
        ),
        (
            "2017-01-02T00:00:00",
            "not a valid RFC3339 timestamp: end of string before UTC offset",
        ),
        (
            "2017-01-02T26:00:00Z",
            "not a valid RFC3339 timestamp: hour must be between 0 and 23 inclusive",
        ),
        (
            "2017-13-02T00:00:00Z",
            "not a valid RFC3339 timestamp: cannot use \"-02T00:00:00Z\" as month",
        ),
        (
            "2017-02-31T00:00:00Z",
            "not a valid RFC3339 timestamp: day out of range",
        ),
        (
            "\"2017-12-02T00:00:00Z\"",
            "not a valid RFC3339 timestamp: cannot use \"\\\"2017-12-02T00:00:00Z\\\"\" as year",
        ),
        (
            "2-12-02T00:00:00Z",
            "not a valid RFC3339 timestamp: cannot use \"2-12-02T00:00:00Z\" as year",
        ),
        (
            "2000-01-01T1:12:34Z",
            "not a valid RFC3339 timestamp: hour must have exactly two digits",
        ),
        (
            "2000-01-01T01:1:34Z",
            "not a valid RFC3339 timestamp: minute must have exactly two digits",
        ),
        (
            "2000-01-01T01:01:1Z",
            "not a valid RFC3339 timestamp: cannot use \"1Z\" as second",
        ),
        (
            "2000-01-01T00:00:00,000Z",
            "not a valid RFC3339 timestamp: cannot use \",\" as timestamp segment",
        ),
        (
            "2000-01-01T00:00:00+24:00",
            "not a valid RFC3339 timestamp: cannot use \"+24:00\" as UTC offset",
        ),
        (
            "2000-01-01T00:00:00+00:60",
            "not a valid RFC3339 timestamp: cannot use \"+00:60\" as UTC offset",
        ),
        (
            "2000-01-01T00:00:00Zjunk",
            "not a valid RFC3339 timestamp: cannot use \"junk\" as timestamp segment",
        ),
    ];
    for (ts, want) in cases {
        assert_eq!(formatdate("", ts).unwrap_err(), want, "{ts:?}");
        let e = call("formatdate", &[s(""), s(ts)]).unwrap_err();
        assert_eq!(e.argument_index(), Some(1));
    }
}

#[test]
fn formatdate_keeps_the_timestamp_offset() {
    let rfc3339 = "YYYY-MM-DD'T'hh:mm:ssZ";
    let rfc850 = "EEEE, DD-MMM-YY hh:mm:ss ZZZ";
    let cases = [
        (
            "2022-03-01T00:23:45Z",
            "2022-03-01T00:23:45Z",
            "Tuesday, 01-Mar-22 00:23:45 UTC",
        ),
        (
            "2022-03-01T00:23:45+00:00",
            "2022-03-01T00:23:45Z",
            "Tuesday, 01-Mar-22 00:23:45 UTC",
        ),
        (
            "2022-03-01T00:23:45+01:00",
            "2022-03-01T00:23:45+01:00",
            "Tuesday, 01-Mar-22 00:23:45 +0100",
        ),
        (
            "2022-03-01T00:23:45-01:00",
            "2022-03-01T00:23:45-01:00",
            "Tuesday, 01-Mar-22 00:23:45 -0100",
        ),
        (
            "1900-01-01T00:00:00Z",
            "1900-01-01T00:00:00Z",
            "Monday, 01-Jan-00 00:00:00 UTC",
        ),
        (
            "2000-02-29T12:00:00.123456789+05:30",
            "2000-02-29T12:00:00+05:30",
            "Tuesday, 29-Feb-00 12:00:00 +0530",
        ),
    ];
    for (input, want3339, want850) in cases {
        assert_eq!(formatdate(rfc3339, input).unwrap(), want3339, "{input}");
        assert_eq!(formatdate(rfc850, input).unwrap(), want850, "{input}");
    }
}

#[test]
fn formatdate_unknown_and_null() {
    assert_eq!(
        call("formatdate", &[s("YYYY"), Value::unknown(Type::String)]).unwrap(),
        Value::unknown(Type::String)
    );
    assert_eq!(
        call("formatdate", &[Value::null(Type::String), s(TS)])
            .unwrap_err()
            .to_string(),
        "invalid value for \"format\" parameter: argument must not be null"
    );
}

fn timeadd(ts: &str, d: &str) -> Result<String, String> {
    call("timeadd", &[s(ts), s(d)])
        .map(|v| v.as_str().unwrap().to_owned())
        .map_err(message)
}

#[test]
fn timeadd_adds_go_durations() {
    let cases = [
        ("2017-11-22T00:00:00Z", "1s", "2017-11-22T00:00:01Z"),
        ("2017-11-22T00:00:00Z", "10m1s", "2017-11-22T00:10:01Z"),
        ("2017-11-22T00:00:00Z", "-1h", "2017-11-21T23:00:00Z"),
        ("2017-11-22T00:00:00Z", "1.5h", "2017-11-22T01:30:00Z"),
        ("2017-11-22T00:00:00Z", "+1h30m", "2017-11-22T01:30:00Z"),
        ("2017-11-22T00:00:00Z", "0", "2017-11-22T00:00:00Z"),
        ("2017-11-22T00:00:00Z", "1ns", "2017-11-22T00:00:00Z"),
        ("2017-11-22T00:00:00.5Z", "500ms", "2017-11-22T00:00:01Z"),
        ("2017-11-22T00:00:00Z", "1µs", "2017-11-22T00:00:00Z"),
        ("2017-12-31T23:00:00Z", "2h", "2018-01-01T01:00:00Z"),
        ("2016-02-28T23:00:00Z", "24h", "2016-02-29T23:00:00Z"),
        (
            "2017-11-22T00:00:00+01:00",
            "-1.5h",
            "2017-11-21T22:30:00+01:00",
        ),
        (
            "2017-11-22T00:00:00-08:30",
            "30m",
            "2017-11-22T00:30:00-08:30",
        ),
        ("2017-11-22T00:00:00+00:00", "1s", "2017-11-22T00:00:01Z"),
        ("0001-01-01T00:00:00Z", "-24h", "0000-12-31T00:00:00Z"),
        ("0000-01-01T00:00:00Z", "-24h", "-0001-12-31T00:00:00Z"),
        ("9999-12-31T23:00:00Z", "1h", "10000-01-01T00:00:00Z"),
    ];
    for (ts, d, want) in cases {
        assert_eq!(timeadd(ts, d).unwrap(), want, "timeadd({ts:?}, {d:?})");
    }
}

#[test]
fn timeadd_duration_errors() {
    let cases = [
        ("1", "time: missing unit in duration \"1\""),
        ("1x", "time: unknown unit \"x\" in duration \"1x\""),
        ("", "time: invalid duration \"\""),
        ("-", "time: invalid duration \"-\""),
        ("h", "time: invalid duration \"h\""),
        (".h", "time: invalid duration \".h\""),
        (
            "1hé",
            "time: unknown unit \"h\\xc3\\xa9\" in duration \"1h\\xc3\\xa9\"",
        ),
        ("9999999999h", "time: invalid duration \"9999999999h\""),
        (
            "99999999999999999999ns",
            "time: invalid duration \"99999999999999999999ns\"",
        ),
    ];
    for (d, want) in cases {
        assert_eq!(
            timeadd("2017-11-22T00:00:00Z", d).unwrap_err(),
            want,
            "{d:?}"
        );
        let e = call("timeadd", &[s("2017-11-22T00:00:00Z"), s(d)]).unwrap_err();
        assert_eq!(e.argument_index(), Some(1));
    }
    assert_eq!(
        timeadd("2017-11-22T00:00:00Z", "-9223372036854775808ns").unwrap(),
        "1725-08-13T00:12:43Z"
    );
}

#[test]
fn timeadd_timestamp_errors() {
    assert_eq!(
        timeadd("2017-11-22 00:00:00Z", "1h").unwrap_err(),
        "not a valid RFC3339 timestamp: missing required time introducer 'T'"
    );
    assert_eq!(
        call("timeadd", &[Value::unknown(Type::String), s("1h")]).unwrap(),
        Value::unknown(Type::String)
    );
}

#[test]
fn timecmp_orders_instants() {
    let cases = [
        ("2017-11-22T00:00:00Z", "2017-11-22T00:00:00Z", 0),
        ("2017-11-22T00:00:00Z", "2017-11-22T01:00:00Z", -1),
        ("2017-11-22T01:00:00Z", "2017-11-22T00:00:00Z", 1),
        ("2017-11-22T01:00:00+01:00", "2017-11-22T00:00:00Z", 0),
        ("2017-11-22T00:00:00.1Z", "2017-11-22T00:00:00Z", 1),
    ];
    for (a, b, want) in cases {
        assert_eq!(
            call("timecmp", &[s(a), s(b)]).unwrap(),
            Value::from(want),
            "{a} {b}"
        );
    }
    let e = call("timecmp", &[s("2017-11-22T00:00:00Z"), s("bloop")]).unwrap_err();
    assert_eq!(e.argument_index(), Some(1));
    assert_eq!(
        message(e),
        "not a valid RFC3339 timestamp: cannot use \"bloop\" as year"
    );
}
