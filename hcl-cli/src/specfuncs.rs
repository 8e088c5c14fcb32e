//! The spec definition functions (`hcldec-spec-format.md`, "Spec
//! Definition Functions"): what `literal`, `transform` and custom
//! functions in a spec file may call. They are go-cty's stdlib functions
//! of those names, from [`hcl_core::function::stdlib`] (where Terraform's
//! name differs, `reverse` is the string reversal `strrev`).

use hcl_core::function::Functions;

/// The fifteen spec definition functions, by name.
///
/// ```
/// use hcl_cli::specfuncs::spec_functions;
/// use hcl_core::Value;
/// let f = spec_functions();
/// let int = f.get("int").unwrap();
/// assert_eq!(int.call(&[Value::from(-2.7)]).unwrap(), Value::from(-2));
/// let rev = f.get("reverse").unwrap();
/// assert_eq!(rev.call(&[Value::from("abc")]).unwrap(), Value::from("cba"));
/// ```
pub fn spec_functions() -> Functions {
    const FROM_STDLIB: &[(&str, &str)] = &[
        ("abs", "abs"),
        ("hasindex", "hasindex"),
        ("int", "int"),
        ("coalesce", "coalesce"),
        ("concat", "concat"),
        ("jsondecode", "jsondecode"),
        ("jsonencode", "jsonencode"),
        ("length", "length"),
        ("lower", "lower"),
        ("max", "max"),
        ("min", "min"),
        ("reverse", "strrev"),
        ("strlen", "strlen"),
        ("substr", "substr"),
        ("upper", "upper"),
    ];
    let all = hcl_core::function::stdlib::functions();
    let mut table = Functions::new();
    for (name, source) in FROM_STDLIB {
        if let Some(f) = all.get(source) {
            table.insert(*name, f.clone());
        }
    }
    table
}

#[cfg(test)]
mod test {
    use super::*;

    #[test]
    fn spec_definition_functions_are_all_fifteen() {
        let t = spec_functions();
        let mut names: Vec<&str> = t.names().collect();
        names.sort_unstable();
        assert_eq!(
            names,
            [
                "abs",
                "coalesce",
                "concat",
                "hasindex",
                "int",
                "jsondecode",
                "jsonencode",
                "length",
                "lower",
                "max",
                "min",
                "reverse",
                "strlen",
                "substr",
                "upper"
            ]
        );
    }
}
