//! Command-line flags in the style of Go's pflag, which hashicorp's
//! `hcldec` uses: `--name=value`, `--name value`, `-n value`, `-nvalue`,
//! boolean flags with an optional `=true`/`=false`, flags and positional
//! arguments in any order, and `--` ending the flags.

use hcl_core::diag::quoted;
use std::collections::BTreeMap;
use std::fmt;

/// One flag a command accepts.
#[derive(Clone, Copy, Debug)]
pub struct Flag {
    /// The long name, without `--`.
    pub long: &'static str,
    /// The one-letter name, without `-`.
    pub short: Option<char>,
    /// What the value is called in the help text; `None` for a boolean.
    pub value: Option<&'static str>,
    /// The help text.
    pub help: &'static str,
}

impl Flag {
    /// A boolean flag.
    pub const fn switch(long: &'static str, short: Option<char>, help: &'static str) -> Flag {
        Flag {
            long,
            short,
            value: None,
            help,
        }
    }

    /// A flag that takes a value.
    pub const fn valued(
        long: &'static str,
        short: Option<char>,
        value: &'static str,
        help: &'static str,
    ) -> Flag {
        Flag {
            long,
            short,
            value: Some(value),
            help,
        }
    }
}

/// The flags and positional arguments of one command line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Parsed {
    values: BTreeMap<&'static str, Vec<String>>,
    /// The positional arguments, in order.
    pub positional: Vec<String>,
}

impl Parsed {
    /// Whether a boolean flag is set (the last occurrence wins).
    pub fn is_set(&self, long: &str) -> bool {
        self.last(long).is_some_and(|v| v == "true")
    }

    /// The last value given for a flag.
    pub fn last(&self, long: &str) -> Option<&str> {
        self.values
            .get(long)
            .and_then(|v| v.last())
            .map(String::as_str)
    }

    /// Every value given for a repeatable flag, in order.
    pub fn all(&self, long: &str) -> &[String] {
        self.values.get(long).map(Vec::as_slice).unwrap_or(&[])
    }
}

/// A usage error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UsageError(pub String);

impl fmt::Display for UsageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Parses `args` (without the program name) against `flags`.
///
/// ```
/// use hcl_cli::args::{parse, Flag};
/// const FLAGS: &[Flag] = &[
///     Flag::valued("spec", Some('s'), "file", "path to spec file"),
///     Flag::switch("keep-nulls", None, "keep nulls"),
/// ];
/// let p = parse(FLAGS, ["-s", "x.hcldec", "in.hcl", "--keep-nulls"].map(String::from)).unwrap();
/// assert_eq!(p.last("spec"), Some("x.hcldec"));
/// assert!(p.is_set("keep-nulls"));
/// assert_eq!(p.positional, ["in.hcl"]);
/// ```
///
/// # Errors
///
/// Unknown flags, a missing value, and a bad boolean value.
pub fn parse(flags: &[Flag], args: impl IntoIterator<Item = String>) -> Result<Parsed, UsageError> {
    let mut out = Parsed::default();
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        if arg == "--" {
            out.positional.extend(args.by_ref());
            break;
        }
        if let Some(long) = arg.strip_prefix("--") {
            let (name, inline) = match long.split_once('=') {
                Some((n, v)) => (n, Some(v.to_owned())),
                None => (long, None),
            };
            let flag = flags
                .iter()
                .find(|f| f.long == name)
                .ok_or_else(|| UsageError(format!("unknown flag: --{name}")))?;
            take(flag, inline, &mut args, &mut out, &format!("--{name}"))?;
        } else if arg.len() > 1 && arg.starts_with('-') {
            for (i, c) in arg.char_indices().skip(1) {
                let flag = flags
                    .iter()
                    .find(|f| f.short == Some(c))
                    .ok_or_else(|| UsageError(format!("unknown shorthand flag: '{c}' in {arg}")))?;
                if flag.value.is_some() {
                    let rest = arg.get(i + c.len_utf8()..).unwrap_or("");
                    let inline = (!rest.is_empty()).then(|| rest.to_owned());
                    take(flag, inline, &mut args, &mut out, &format!("-{c}"))?;
                    break;
                }
                take(flag, None, &mut args, &mut out, &format!("-{c}"))?;
            }
        } else {
            out.positional.push(arg);
        }
    }
    Ok(out)
}

fn take(
    flag: &Flag,
    inline: Option<String>,
    rest: &mut impl Iterator<Item = String>,
    out: &mut Parsed,
    shown: &str,
) -> Result<(), UsageError> {
    let value = match (flag.value, inline) {
        (Some(_), Some(v)) => v,
        (Some(_), None) => rest
            .next()
            .ok_or_else(|| UsageError(format!("flag needs an argument: {shown}")))?,
        (None, None) => "true".to_owned(),
        (None, Some(v)) => match v.as_str() {
            "true" | "1" | "t" | "T" | "TRUE" | "True" => "true".to_owned(),
            "false" | "0" | "f" | "F" | "FALSE" | "False" => "false".to_owned(),
            _ => {
                return Err(UsageError(format!(
                    "invalid argument {v} for {shown}: expected a boolean",
                    v = quoted(&v)
                )))
            }
        },
    };
    out.values.entry(flag.long).or_default().push(value);
    Ok(())
}

/// The flag list of a help text, one line per flag, aligned.
pub fn flag_help(flags: &[Flag]) -> String {
    let heads: Vec<String> = flags
        .iter()
        .map(|f| {
            let short = f.short.map(|c| format!("-{c}, ")).unwrap_or_default();
            let value = f.value.map(|v| format!(" {v}")).unwrap_or_default();
            format!("  {short:4}--{}{value}", f.long)
        })
        .collect();
    let width = heads.iter().map(String::len).max().unwrap_or(0);
    let mut out = String::new();
    for (head, f) in heads.iter().zip(flags) {
        out.push_str(&format!("{head:width$}   {}\n", f.help));
    }
    out
}

#[cfg(test)]
mod test {
    use super::*;

    const FLAGS: &[Flag] = &[
        Flag::valued("spec", Some('s'), "file", ""),
        Flag::valued("vars", Some('V'), "json-or-file", ""),
        Flag::switch("with-type", None, ""),
        Flag::switch("version", Some('v'), ""),
    ];

    fn p(args: &[&str]) -> Result<Parsed, UsageError> {
        parse(FLAGS, args.iter().map(|s| s.to_string()))
    }

    #[test]
    fn flags_take_values_inline_or_next_and_repeat() {
        let r = p(&["--spec=a", "-V", "{}", "-Vb.json", "x", "--vars", "c"]).unwrap();
        assert_eq!(r.last("spec"), Some("a"));
        assert_eq!(r.all("vars"), ["{}", "b.json", "c"]);
        assert_eq!(r.positional, ["x"]);
    }

    #[test]
    fn booleans_accept_explicit_values_and_double_dash_ends_flags() {
        let r = p(&["--with-type=false", "-v", "--", "--spec"]).unwrap();
        assert!(!r.is_set("with-type"));
        assert!(r.is_set("version"));
        assert_eq!(r.positional, ["--spec"]);
    }

    #[test]
    fn unknown_flags_and_missing_values_are_usage_errors() {
        assert_eq!(p(&["--nope"]).unwrap_err().0, "unknown flag: --nope");
        assert_eq!(
            p(&["--spec"]).unwrap_err().0,
            "flag needs an argument: --spec"
        );
        assert_eq!(
            p(&["-x"]).unwrap_err().0,
            "unknown shorthand flag: 'x' in -x"
        );
        assert!(p(&["--with-type=maybe"]).is_err());
    }

    #[test]
    fn a_lone_dash_is_positional() {
        assert_eq!(p(&["-"]).unwrap().positional, ["-"]);
    }
}
