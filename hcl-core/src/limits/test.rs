use super::*;

#[test]
fn the_defaults_are_the_documented_ones() {
    let d = Limits::default();
    assert_eq!(d, Limits::DEFAULT);
    assert_eq!(Limits::new(), Limits::DEFAULT);
    assert_eq!(d.max_depth, 128);
    assert_eq!(d.max_diagnostics, 10_000);
    assert_eq!(d.max_elements, 4_194_304);
    assert_eq!(d.max_bytes, 67_108_864);
    assert_eq!(d.max_number_bytes, 16_777_216);
    assert_eq!(crate::Diagnostics::DEFAULT_LIMIT, d.max_diagnostics);
}

#[test]
fn setters_change_one_field_each() {
    let l = Limits::default()
        .with_max_depth(1)
        .with_max_diagnostics(2)
        .with_max_elements(3)
        .with_max_bytes(4);
    assert_eq!(
        (l.max_depth, l.max_diagnostics, l.max_elements, l.max_bytes),
        (1, 2, 3, 4)
    );
}

#[test]
fn a_budget_allows_exactly_its_limits() {
    let limits = Limits::default().with_max_elements(10).with_max_bytes(20);
    let mut b = Budget::new(&limits);
    assert!(b.charge_elements(10).is_ok());
    assert!(b.charge_bytes(20).is_ok());
    assert!(b.charge_elements(0).is_ok());
    assert_eq!((b.elements_left(), b.bytes_left()), (0, 0));
    assert!(!b.is_exceeded());
    let e = b.charge_bytes(1).unwrap_err();
    assert_eq!((e.resource(), e.limit()), (Resource::Bytes, 20));
    assert!(b.is_exceeded());
}

#[test]
fn an_exceeded_budget_stays_exceeded_and_remembers_the_first_cause() {
    let mut b = Budget::new(&Limits::default().with_max_elements(5));
    assert_eq!(
        b.charge_elements(6).unwrap_err().resource(),
        Resource::Elements
    );
    // The bytes are gone too: the evaluation winds down.
    assert!(b.charge_bytes(1).is_err());
    assert_eq!(b.exceeded().map(|e| e.resource()), Some(Resource::Elements));
    assert_eq!(
        b.exceeded().unwrap().to_string(),
        "the evaluation would build more than 5 elements (Limits::max_elements)"
    );
}

#[test]
fn huge_charges_do_not_overflow() {
    let mut b = Budget::new(&Limits::default().with_max_bytes(usize::MAX));
    assert!(b.charge_bytes(usize::MAX).is_ok());
    assert!(b.charge_bytes(1).is_err());
}

#[test]
fn the_limit_is_reported_once() {
    let mut b = Budget::new(&Limits::DEFAULT);
    assert!(b.take_report());
    assert!(!b.take_report());
    b.set_reported(false);
    assert!(b.take_report());
}

#[test]
fn number_literals_count_their_size_past_the_free_part() {
    // (literal, what reading it exactly works with, in bytes)
    for (text, size) in [
        ("1", 1),
        ("1e150", 63),
        ("1e200", 84),
        ("1e-200", 84),
        ("1e300000", 124_573),
        // Past the number model's range: refused before any work.
        ("1e999999999", 125_001),
    ] {
        assert_eq!(crate::value::Number::exact_work_bytes(text), size, "{text}");
    }
    let mut b = NumberBudget::new(&Limits::default().with_max_number_bytes(30));
    assert!(b.admit("1e150"));
    assert!(b.admit("1e200"));
    assert!(!b.admit("1e200"));
    // A refused literal leaves the rest to smaller ones.
    assert!(b.admit("1e170"));
    let mut b = NumberBudget::new(&Limits::default());
    let admitted = (0..10).filter(|_| b.admit("1e300000")).count();
    assert_eq!(admitted, 4);
    assert_eq!(b.refusal().0, "Number literal too large");
}
