//! The call procedure, one test per rule of "Functions and Function Calls".

use super::*;

fn concat_fn() -> Function {
    // (sep string, ...parts string) -> string
    Function::builder()
        .param(Param::new("sep", Type::String))
        .variadic(Param::new("parts", Type::String))
        .returns(Type::String)
        .implementation(|args, _| {
            let sep = args[0].as_str().unwrap_or_default();
            let parts: Vec<&str> = args[1..].iter().filter_map(Value::as_str).collect();
            Ok(Value::string(parts.join(sep)))
        })
}

fn identity_fn(param: Param) -> Function {
    Function::builder()
        .param(param)
        .returns_with(|args| Ok(args[0].ty()))
        .implementation(|args, _| Ok(args[0].clone()))
}

#[test]
fn call_each_positional_parameter_takes_the_next_argument() {
    let f = Function::builder()
        .param(Param::new("a", Type::String))
        .param(Param::new("b", Type::Number))
        .returns(Type::String)
        .implementation(|args, _| Ok(Value::string(format!("{:?}{:?}", args[0], args[1]))));
    assert_eq!(
        f.call(&[Value::from("x"), Value::from(1)]).unwrap(),
        Value::from("\"x\"1")
    );
}

#[test]
fn call_missing_positional_argument_is_an_error() {
    let err = concat_fn().call(&[]).unwrap_err();
    assert_eq!(
        err,
        CallError::NotEnoughArguments {
            expected: 1,
            missing: "sep".into()
        }
    );
}

#[test]
fn call_variadic_parameter_collects_remaining_arguments() {
    let f = concat_fn();
    assert_eq!(f.call(&[Value::from("-")]).unwrap(), Value::from(""));
    assert_eq!(
        f.call(&["-", "a", "b", "c"].map(Value::from)).unwrap(),
        Value::from("a-b-c")
    );
}

#[test]
fn call_without_variadic_parameter_extra_arguments_are_an_error() {
    let f = identity_fn(Param::new("v", Type::String));
    assert_eq!(
        f.call(&[Value::from("a"), Value::from("b")]).unwrap_err(),
        CallError::TooManyArguments { expected: 1 }
    );
}

#[test]
fn call_argument_not_matching_type_specification_is_an_error() {
    let err = concat_fn()
        .call(&[Value::from("-"), Value::from(true)])
        .unwrap_err();
    assert_eq!(err.argument_index(), Some(1));
    assert_eq!(
        err.to_string(),
        "invalid value for \"parts\" parameter: string required, but got bool"
    );
    // The specification `list(dynamic)` accepts any list, nothing else.
    let f = identity_fn(Param::new("l", Type::list(Type::Dynamic)));
    let l = Value::list(Type::Number, [Value::from(1)]).unwrap();
    assert_eq!(f.call(std::slice::from_ref(&l)).unwrap(), l);
    let s = Value::set(Type::Number, [Value::from(1)]).unwrap();
    assert!(f.call(&[s]).is_err());
}

#[test]
fn call_null_argument_requires_allow_null() {
    let strict = identity_fn(Param::new("v", Type::String));
    let err = strict.call(&[Value::null(Type::String)]).unwrap_err();
    assert_eq!(
        err,
        CallError::Argument {
            index: 0,
            param: "v".into(),
            message: "argument must not be null".into()
        }
    );
    let lenient = identity_fn(Param::new("v", Type::String).allow_null());
    assert_eq!(
        lenient.call(&[Value::null(Type::String)]).unwrap(),
        Value::null(Type::String)
    );
}

#[test]
fn call_dynamic_argument_forces_dynamic_result_type() {
    let f = identity_fn(Param::new("v", Type::String));
    assert_eq!(f.return_type(&[Value::dynamic()]).unwrap(), Type::Dynamic);
    assert_eq!(f.call(&[Value::dynamic()]).unwrap(), Value::dynamic());
    // A parameter that accepts dynamic values lets the rule see them.
    let g = identity_fn(
        Param::new("v", Type::String)
            .allow_dynamic()
            .allow_unknown(),
    );
    assert_eq!(g.call(&[Value::dynamic()]).unwrap(), Value::dynamic());
    assert_eq!(g.return_type(&[Value::dynamic()]).unwrap(), Type::Dynamic);
}

#[test]
fn call_unknown_argument_forces_unknown_result() {
    let calls = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let seen = calls.clone();
    let f = Function::builder()
        .param(Param::new("v", Type::Number))
        .returns(Type::String)
        .implementation(move |_, _| {
            seen.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            Ok(Value::from("ran"))
        });
    assert_eq!(
        f.call(&[Value::unknown(Type::Number)]).unwrap(),
        Value::unknown(Type::String)
    );
    assert_eq!(calls.load(std::sync::atomic::Ordering::SeqCst), 0);
    assert_eq!(f.call(&[Value::from(1)]).unwrap(), Value::from("ran"));
}

#[test]
fn call_unknown_argument_reaches_implementation_when_allowed() {
    let f = Function::builder()
        .param(Param::new("v", Type::Number).allow_unknown())
        .returns(Type::Bool)
        .implementation(|args, _| Ok(Value::Bool(args[0].is_known())));
    assert_eq!(
        f.call(&[Value::unknown(Type::Number)]).unwrap(),
        Value::Bool(false)
    );
}

#[test]
fn call_result_type_may_depend_on_argument_values() {
    // Like jsondecode: the type comes from the value.
    let f = Function::builder()
        .param(Param::new("kind", Type::String))
        .returns_with(|args| match args[0].as_str() {
            Some("n") => Ok(Type::Number),
            Some(_) => Ok(Type::String),
            None => Ok(Type::Dynamic),
        })
        .implementation(|args, cx| match cx.return_type() {
            Type::Number => Ok(Value::from(1)),
            _ => Ok(args[0].clone()),
        });
    assert_eq!(f.return_type(&[Value::from("n")]).unwrap(), Type::Number);
    assert_eq!(f.call(&[Value::from("s")]).unwrap(), Value::from("s"));
    assert_eq!(
        f.call(&[Value::unknown(Type::String)]).unwrap(),
        Value::unknown(Type::Dynamic)
    );
}

#[test]
fn call_implementation_errors_name_the_parameter() {
    let f = Function::builder()
        .param(Param::new("n", Type::Number))
        .returns(Type::Number)
        .implementation(|_, _| Err(FunctionError::argument(0, "must be positive")));
    assert_eq!(
        f.call(&[Value::from(-1)]).unwrap_err().to_string(),
        "invalid value for \"n\" parameter: must be positive"
    );
}

#[test]
fn call_result_of_the_wrong_type_is_reported_not_returned() {
    let f = Function::builder()
        .returns(Type::Number)
        .implementation(|_, _| Ok(Value::from("oops")));
    assert!(matches!(f.call(&[]), Err(CallError::Call(_))));
}

#[test]
fn functions_are_send_and_sync() {
    fn check<T: Send + Sync>() {}
    check::<Function>();
    check::<Functions>();
    check::<Value>();
}
