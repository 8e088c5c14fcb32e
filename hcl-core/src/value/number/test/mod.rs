//! Unit tests, named after the rules they check. Expected texts come from
//! Go's `math/big` at 512 bits (as go-cty uses it) unless noted.

mod props;

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use num_bigint::{BigInt, BigUint};

use super::{Number, NumberError, Repr};

fn n(s: &str) -> Number {
    match s.strip_prefix('-') {
        Some(rest) => Number::parse_literal(rest).unwrap().neg(),
        None => Number::parse_literal(s).unwrap(),
    }
}

fn pow2(k: i64) -> Number {
    Number::from(2).pow(&Number::from(k)).unwrap()
}

fn hash(x: &Number) -> u64 {
    let mut h = DefaultHasher::new();
    x.hash(&mut h);
    h.finish()
}

fn is_small(x: &Number) -> bool {
    matches!(x.0, Repr::Int(_))
}

/// `(op, a, b, Go's big.Float.Text('f', -1) of the result)`, computed with
/// `big.ParseFloat(_, 10, 512, ToNearestEven)` and the `big.Float` methods.
#[rustfmt::skip]
const GO_REFERENCE: &[(&str, &str, &str, &str)] = &[
    ("div", "1", "3", "0.33333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333335"),
    ("div", "2", "3", "0.6666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666667"),
    ("div", "1", "7", "0.14285714285714285714285714285714285714285714285714285714285714285714285714285714285714285714285714285714285714285714285714285714285714285714285714285714285"),
    ("div", "22", "7", "3.1428571428571428571428571428571428571428571428571428571428571428571428571428571428571428571428571428571428571428571428571428571428571428571428571428571428"),
    ("div", "1", "9", "0.111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111115"),
    ("div", "1", "1024", "0.0009765625"),
    ("div", "10", "4", "2.5"),
    ("div", "1e-10", "3", "0.000000000033333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333"),
    ("div", "5e-324", "7", "0.0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000007142857142857142857142857142857142857142857142857142857142857142857142857142857142857142857142857142857142857142857142857142857142857142857142857142857143"),
    ("div", "1", "12345678901234567890", "0.00000000000000000008100000072900000663471006037578054941961109971846019743798787768568967883977607825196231201185703931599905777478142575059197433037886640644849429868121712"),
    ("add", "0.1", "0.2", "0.3"),
    ("sub", "0.3", "0.1", "0.20000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000002"),
    ("mul", "0.1", "3", "0.3"),
    ("mul", "1.1", "1.1", "1.2100000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001"),
    ("div", "0.3", "0.1", "3"),
    ("add", "1e-300", "1", "1"),
    ("sub", "1", "1e-155", "1"),
    ("sub", "1", "1e-154", "0.9999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999"),
    ("add", "1", "1e-154", "1.0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001"),
    ("mul", "123.456", "0.001", "0.123456"),
    ("div", "314159265358979323846", "100000000000000000000", "3.14159265358979323846"),
    ("p", "0.1", "", "0.1"),
    ("mul", "2e-7", "3", "0.0000006"),
    ("p", "0.0000001", "", "0.0000001"),
    ("p", "1e-7", "", "0.0000001"),
    ("p", "123.456e10", "", "1234560000000"),
    ("p", "1.7976931348623157e308", "", "179769313486231570000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"),
    ("p", "2.2250738585072014e-308", "", "0.000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000022250738585072014"),
    ("p", "0.30000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000004", "", "0.3"),
    ("p", "3.14159265358979323846264338327950288419716939937510582097494459230781640628620899862803482534211706798214808651328230664709384460955058223172535940812848111745028410270193852110555964462294895493038196", "", "3.1415926535897932384626433832795028841971693993751058209749445923078164062862089986280348253421170679821480865132823066470938446095505822317253594081284811"),
];

#[test]
fn number_arithmetic_and_text_match_go_big_float() {
    for &(op, a, b, want) in GO_REFERENCE {
        let got = match op {
            "p" => Ok(n(a)),
            "add" => n(a).add(&n(b)),
            "sub" => n(a).sub(&n(b)),
            "mul" => n(a).mul(&n(b)),
            "div" => n(a).div(&n(b)),
            _ => unreachable!(),
        };
        assert_eq!(got.unwrap().to_string(), want, "{op} {a} {b}");
    }
}

#[test]
fn number_integers_are_exact_with_at_least_256_bits() {
    let two_256 = Number::from(2).pow(&Number::from(256)).unwrap();
    let x = two_256.add(&Number::one()).unwrap();
    let text = "115792089237316195423570985008687907853269984665640564039457584007913129639937";
    assert_eq!(x.to_string(), text);
    assert_eq!(n(text), x);
    assert_eq!(Number::parse_decimal(text).unwrap(), x);
    assert_eq!(
        x.add(&Number::one()).unwrap().to_string(),
        "115792089237316195423570985008687907853269984665640564039457584007913129639938"
    );
    assert_eq!(x.sub(&two_256).unwrap(), Number::one());
    assert!(x.is_integer());
    // Beyond go-cty's 512 bits, too: 2^600 + 1 is not rounded.
    let big = pow2(600).add(&Number::one()).unwrap();
    assert_eq!(big.sub(&pow2(600)).unwrap(), Number::one());
    assert_eq!(big.to_big_int(), Some((BigInt::from(1) << 600u32) + 1));
    // An integer-valued quotient stays exact.
    let q = big
        .mul(&Number::from(3))
        .unwrap()
        .div(&Number::from(3))
        .unwrap();
    assert_eq!(q, big);
}

#[test]
fn number_non_integers_have_a_512_bit_mantissa() {
    let third = Number::one().div(&Number::from(3)).unwrap();
    let text = third.to_string();
    // The shortest decimal that reads back as the 512-bit value.
    assert_eq!(text.len() - 2, 155);
    assert!(text.starts_with("0.3333") && text.ends_with("35"));
    assert_eq!(n(&text), third);
    assert_eq!(third.mul(&Number::from(3)).unwrap(), Number::one());
    // 0.1 is rounded, not exact: its stored expansion is long.
    let tenth = n("0.1");
    assert_eq!(tenth.to_string(), "0.1");
    assert!(tenth
        .to_string_exact()
        .starts_with("0.1000000000000000000000"));
    match &tenth.0 {
        Repr::Big(b) => assert!(b.mant.bits() <= 512 && b.mant.bits() > 500),
        _ => panic!("0.1 is not an integer"),
    }
}

#[test]
fn number_exponent_range_is_at_least_16_bits() {
    for (text, zeros) in [("1e-4000", 3999), ("2.5e-40000", 39999)] {
        let x = n(text);
        assert!(x.is_finite() && x.signum() == 1, "{text}");
        let s = x.to_string();
        assert_eq!(&s[..2], "0.");
        assert_eq!(
            s[2..].bytes().take_while(|&c| c == b'0').count(),
            zeros,
            "{text}"
        );
    }
    assert_eq!(n("1e-4000").to_string().len(), 4002);
    let big = n("1e4000");
    assert!(big.is_finite() && big.is_integer());
    assert_eq!(big.to_string().len(), 4001);
    // A non-integer with a binary exponent below -32768.
    let tiny = pow2(-40000).mul(&n("1.5")).unwrap();
    assert!(tiny.signum() == 1);
    assert_eq!(tiny.div(&pow2(-40000)).unwrap(), n("1.5"));
}

#[test]
fn number_rounding_is_to_nearest_even_at_the_512th_bit() {
    // 2^-88 has a 512-bit mantissa down to 2^-599; 2^-600 is half an ulp.
    let (base, half) = (pow2(-88), pow2(-600));
    assert_eq!(base.add(&half).unwrap(), base, "tie, even mantissa stays");
    let odd = base.add(&pow2(-599)).unwrap();
    assert_eq!(odd.sub(&base).unwrap(), pow2(-599), "representable");
    let up = base.add(&pow2(-598)).unwrap();
    assert_eq!(odd.add(&half).unwrap(), up, "tie, odd mantissa rounds up");
    // Just above the tie rounds up, just below rounds down.
    let above = half.add(&pow2(-700)).unwrap();
    assert_eq!(base.add(&above).unwrap(), odd);
    let below = half.sub(&pow2(-700)).unwrap();
    assert_eq!(base.add(&below).unwrap(), base);

    // The same in decimal input: 1 + k·2^-512 (1 has ulp 2^-511).
    let dec = |k: u32| {
        let digits =
            (((BigUint::from(1u32) << 512u32) + k) * BigUint::from(5u32).pow(512)).to_string();
        format!("{}.{}", &digits[..1], &digits[1..])
    };
    assert_eq!(Number::parse_decimal(&dec(1)).unwrap(), Number::one());
    assert_eq!(
        Number::parse_decimal(&dec(3)).unwrap(),
        Number::one().add(&pow2(-510)).unwrap()
    );
    assert_eq!(
        Number::parse_decimal(&dec(5)).unwrap(),
        Number::one().add(&pow2(-510)).unwrap()
    );
}

#[test]
fn number_infinities_compare_beyond_every_number() {
    let (inf, ninf) = (Number::infinity(), Number::neg_infinity());
    let finite = [
        n("-1e4000"),
        Number::from(i64::MIN),
        n("-0.5"),
        Number::zero(),
        n("1e-4000"),
        n("1e4000"),
    ];
    for x in &finite {
        assert!(&ninf < x && x < &inf, "{x}");
    }
    assert_eq!(inf, Number::infinity());
    assert_ne!(inf, ninf);
    assert_eq!(inf.to_string(), "+Inf");
    assert_eq!(ninf.to_string(), "-Inf");
    assert_eq!(inf.add(&Number::from(5)).unwrap(), inf);
    assert_eq!(Number::from(5).sub(&inf).unwrap(), ninf);
    assert_eq!(ninf.mul(&Number::from(-2)).unwrap(), inf);
    assert_eq!(Number::from(3).div(&inf).unwrap(), Number::zero());
    assert_eq!(inf.neg(), ninf);
    assert_eq!(ninf.abs(), inf);
    assert_eq!(inf.floor(), inf);
}

#[test]
fn number_has_no_nan() {
    let (inf, ninf, zero) = (Number::infinity(), Number::neg_infinity(), Number::zero());
    assert_eq!(Number::from_f64(f64::NAN), None);
    assert_eq!(inf.add(&ninf), Err(NumberError::NotANumber));
    assert_eq!(inf.sub(&inf), Err(NumberError::NotANumber));
    assert_eq!(zero.mul(&inf), Err(NumberError::NotANumber));
    assert_eq!(zero.div(&zero), Err(NumberError::NotANumber));
    assert_eq!(inf.div(&ninf), Err(NumberError::NotANumber));
    assert_eq!(
        Number::from(-8).pow(&n("0.5")),
        Err(NumberError::NotANumber)
    );
}

#[test]
fn number_equality_is_numeric_with_one_representation() {
    let pairs = [
        (n("0.1").add(&n("0.2")).unwrap(), n("0.3")),
        (n("1.0"), Number::one()),
        (n("100e-2"), Number::one()),
        (n("0.5").add(&n("0.5")).unwrap(), Number::one()),
        (n("-0"), Number::zero()),
        (
            Number::from(-1).mul(&Number::zero()).unwrap(),
            Number::zero(),
        ),
        (
            Number::from(u64::MAX)
                .sub(&Number::from(u64::MAX - 5))
                .unwrap(),
            Number::from(5),
        ),
        (
            Number::from(i64::MAX)
                .add(&Number::one())
                .unwrap()
                .sub(&Number::one())
                .unwrap(),
            Number::from(i64::MAX),
        ),
        (Number::from(i64::MIN).neg().neg(), Number::from(i64::MIN)),
        (n("9223372036854775808").neg(), Number::from(i64::MIN)),
        (n("1e30").div(&n("1e28")).unwrap(), Number::from(100)),
    ];
    for (a, b) in &pairs {
        assert_eq!(a, b);
        assert_eq!(hash(a), hash(b), "{a}");
        assert_eq!(is_small(a), is_small(b), "{a}");
    }
    assert_ne!(n("0.1"), n("0.10000000000000000001"));
}

#[test]
fn number_small_integers_do_not_allocate() {
    for x in [
        n("123"),
        n("1.5e3"),
        n("9223372036854775807"),
        Number::from(i64::MIN),
        Number::from(7u64),
        Number::from(3).add(&Number::from(4)).unwrap(),
        Number::from(6).div(&Number::from(3)).unwrap(),
        n("2.5").mul(&Number::from(2)).unwrap(),
        n("-2.5").floor(),
    ] {
        assert!(is_small(&x), "{x}");
    }
    assert!(!is_small(&n("9223372036854775808")));
    assert!(!is_small(&n("0.5")));
}

#[test]
fn native_numeric_literal_syntax() {
    let ok = [
        ("0", "0"),
        ("007", "7"),
        ("1.5", "1.5"),
        ("1e3", "1000"),
        ("1E3", "1000"),
        ("1e+3", "1000"),
        ("1.25e-2", "0.0125"),
        ("123.456e10", "1234560000000"),
        ("0.000", "0"),
        ("1e0", "1"),
        ("5e-1", "0.5"),
    ];
    for (text, want) in ok {
        assert_eq!(
            Number::parse_literal(text).unwrap().to_string(),
            want,
            "{text}"
        );
        assert_eq!(text.parse::<Number>().unwrap().to_string(), want, "{text}");
    }
    for bad in [
        "", "-1", "+1", ".5", "1e", "1e+", "1..2", "1.e", "1.2.3", "0x10", "1_000", " 1", "1 ",
        "Inf", "1p3", "١",
    ] {
        assert_eq!(
            Number::parse_literal(bad),
            Err(NumberError::Syntax),
            "{bad:?}"
        );
    }
    // The fraction's digits may be missing in a literal, as Go's
    // big.ParseFloat reads it (the reference's `1.e5` is 100000); the lexer
    // never ends a token with the dot, but the parse takes it.
    for (text, want) in [
        ("1.e5", "100000"),
        ("1.E+5", "100000"),
        ("1.e-2", "0.01"),
        ("5.", "5"),
    ] {
        assert_eq!(
            Number::parse_literal(text).unwrap().to_string(),
            want,
            "{text}"
        );
        assert_eq!(
            Number::parse_decimal(text),
            Err(NumberError::Syntax),
            "{text}"
        );
    }
}

#[test]
fn literal_binary_fractions_are_exact_and_match_f64() {
    // Short decimals whose value is a binary fraction take a shortcut in
    // parsing; the value must be the same exact number as from the f64.
    for (text, f) in [
        ("0.5", 0.5),
        ("2.25", 2.25),
        ("0.125", 0.125),
        ("1234.0625", 1234.0625),
        ("0.00000095367431640625", 0.000_000_953_674_316_406_25),
    ] {
        assert_eq!(
            Number::parse_literal(text).unwrap(),
            Number::from_f64(f).unwrap(),
            "{text}"
        );
    }
    // 2^-27, the smallest step the shortcut takes, printed exactly.
    assert_eq!(
        Number::parse_literal("7450580596923828125e-27")
            .unwrap()
            .to_string(),
        "0.000000007450580596923828125"
    );
    // Not binary fractions: the long division still applies.
    assert_eq!(Number::parse_literal("0.1").unwrap().to_string(), "0.1");
    assert_eq!(Number::parse_literal("2.2").unwrap().to_string(), "2.2");
}

#[test]
fn json_number_syntax() {
    let ok = [
        ("-1.5E+2", "-150"),
        ("0", "0"),
        ("-0.0", "0"),
        ("1e-2", "0.01"),
        ("12", "12"),
    ];
    for (text, want) in ok {
        assert_eq!(
            Number::parse_json(text).unwrap().to_string(),
            want,
            "{text}"
        );
    }
    for bad in ["+1", ".5", "1.", "-", "1e", "Infinity", "NaN", "0x1"] {
        assert_eq!(Number::parse_json(bad), Err(NumberError::Syntax), "{bad:?}");
    }
}

#[test]
fn string_to_number_reverses_number_to_string_without_exponent() {
    let ok = [
        ("-12.5", "-12.5"),
        ("0", "0"),
        ("-0", "0"),
        ("007.50", "7.5"),
        ("18446744073709551616", "18446744073709551616"),
    ];
    for (text, want) in ok {
        assert_eq!(
            Number::parse_decimal(text).unwrap().to_string(),
            want,
            "{text}"
        );
    }
    // go-cty (big.ParseFloat) also takes these; the spec's mapping does not.
    for bad in [
        "1e3", "+5", ".5", "5.", "Inf", "-inf", "1p10", "", "-", "--1", "1,5", " 1",
    ] {
        assert_eq!(
            Number::parse_decimal(bad),
            Err(NumberError::Syntax),
            "{bad:?}"
        );
    }
}

#[test]
fn number_to_string_is_integer_digits_then_nonzero_fraction() {
    let cases = [
        (Number::from(-42), "-42"),
        (n("1e21"), "1000000000000000000000"),
        (n("-0.000123"), "-0.000123"),
        (n("2.50"), "2.5"),
        (
            Number::from(u128::MAX),
            "340282366920938463463374607431768211455",
        ),
        (
            Number::from(i128::MIN),
            "-170141183460469231731687303715884105728",
        ),
        // Powers of two that Go prints exactly.
        (pow2(-24), "0.000000059604644775390625"),
        (pow2(-10), "0.0009765625"),
    ];
    for (x, want) in cases {
        assert_eq!(x.to_string(), want);
        assert_eq!(format!("{x:?}"), want);
        assert_eq!(Number::parse_decimal(want).unwrap(), x);
    }
}

#[test]
fn number_to_string_reads_back_below_powers_of_two() {
    // Go prints 2^-227 as a decimal that reads back as its lower neighbour,
    // because it treats the interval below a power of two as ½ulp wide. We
    // print the shortest decimal of the true interval instead.
    let go = "0.000000000000000000000000000000000000000000000000000000000000000000004636507688359276732164669076934549391709455973447238753066298823646976675119536698746640103404010546920423648920001448783811959231115906732156872749328613";
    let x = pow2(-227);
    assert_ne!(n(go), x);
    let ours = x.to_string();
    assert_eq!(ours.len(), go.len() + 1);
    assert_eq!(n(&ours), x);
    for k in [1, 100, 227, 247, 248, 259, 1000, 1027] {
        let x = pow2(-k);
        assert_eq!(n(&x.to_string()), x, "2^-{k}");
    }
}

#[test]
fn number_limits_refuse_huge_values_quickly() {
    assert_eq!(
        Number::parse_literal("1e999999999"),
        Err(NumberError::Overflow)
    );
    assert_eq!(
        Number::parse_literal("1e99999999999999999999999"),
        Err(NumberError::Overflow)
    );
    assert_eq!(
        Number::parse_literal("1e301030"),
        Err(NumberError::Overflow)
    );
    assert!(Number::parse_literal("1e301029").unwrap().is_integer());
    // Go's ParseFloat gives 0 for tiny values; so do we.
    assert_eq!(
        Number::parse_literal("1e-999999999").unwrap(),
        Number::zero()
    );
    assert_eq!(
        Number::parse_literal("1e-99999999999999999999").unwrap(),
        Number::zero()
    );
    assert_eq!(
        Number::from(10).pow(&Number::from(1_000_000_000)),
        Err(NumberError::Overflow)
    );
    assert_eq!(Number::from(10).pow(&n("1e30")), Err(NumberError::Overflow));
    assert_eq!(n("0.5").pow(&n("1e30")).unwrap(), Number::zero());
    assert_eq!(
        Number::from(10).pow(&Number::from(-1_000_000_000)).unwrap(),
        Number::zero()
    );
    let big = pow2(Number::MAX_BITS - 1);
    assert_eq!(big.mul(&Number::from(2)), Err(NumberError::Overflow));
    assert_eq!(big.add(&big), Err(NumberError::Overflow));
    assert_eq!(big.div(&n("0.5")), Err(NumberError::Overflow));
    let tiny = pow2(Number::MIN_EXP - 1);
    assert!(tiny.signum() == 1);
    assert_eq!(tiny.div(&Number::from(2)).unwrap(), Number::zero());
    // Adding across the whole range is cheap (the small operand is sticky).
    assert_eq!(big.add(&tiny).unwrap(), big);
    assert_eq!(n("0.5").add(&tiny).unwrap(), n("0.5"));
}

#[test]
fn number_converts_to_machine_integers_only_when_exact_and_in_range() {
    assert_eq!(n("255").to_u8(), Some(255));
    assert_eq!(n("256").to_u8(), None);
    assert_eq!(n("-1").to_u64(), None);
    assert_eq!(n("-128").to_i8(), Some(-128));
    assert_eq!(n("1.5").to_i32(), None);
    assert_eq!(Number::infinity().to_i64(), None);
    assert_eq!(n("18446744073709551615").to_u64(), Some(u64::MAX));
    assert_eq!(n("18446744073709551616").to_u64(), None);
    assert_eq!(Number::from(u128::MAX).to_u128(), Some(u128::MAX));
    assert_eq!(Number::from(i128::MIN).to_i128(), Some(i128::MIN));
    assert_eq!(Number::from(i128::MIN).to_u128(), None);
    assert_eq!(pow2(200).to_i128(), None);
    assert_eq!(n("1e40").to_big_int(), Some(BigInt::from(10).pow(40)));
    assert_eq!(n("0.5").to_big_int(), None);
    assert_eq!(
        Number::from_big_int(BigInt::from(-5)).unwrap(),
        Number::from(-5)
    );
    assert_eq!(Number::from(usize::MAX).to_usize(), Some(usize::MAX));
    assert_eq!(Number::from(isize::MIN).to_isize(), Some(isize::MIN));
}

#[test]
fn number_to_f64_rounds_to_nearest() {
    let cases: [(&str, f64); 12] = [
        // Short binary fractions convert exactly, without rounding.
        ("0.5", 0.5),
        ("2.25", 2.25),
        ("0.1", 0.1),
        ("1e-7", 1e-7),
        ("1.7976931348623157e308", f64::MAX),
        ("1.8e308", f64::INFINITY),
        ("5e-324", 5e-324),
        ("2e-324", 0.0),
        ("3e-324", 5e-324),
        ("2.2250738585072014e-308", 2.2250738585072014e-308),
        ("9007199254740993", 9007199254740992.0),
        ("123456789012345678901234567890", 1.2345678901234568e29),
    ];
    for (text, want) in cases {
        assert_eq!(n(text).to_f64(), want, "{text}");
        assert_eq!(n(text).neg().to_f64(), -want, "-{text}");
    }
    assert_eq!(Number::neg_infinity().to_f64(), f64::NEG_INFINITY);
}

#[test]
fn number_from_f64_uses_the_shortest_decimal_for_fractions_and_exact_integers() {
    let cases = [
        (0.1, "0.1"),
        (-0.0, "0"),
        (1e-7, "0.0000001"),
        (1e21, "1000000000000000000000"),
        (2f64.powi(60), "1152921504606846976"),
        (5e-324, "0."),
    ];
    for (f, want) in cases {
        let x = Number::from_f64(f).unwrap();
        assert!(x.to_string().starts_with(want), "{f}: {x}");
        assert_eq!(x.to_f64(), f);
    }
    assert_eq!(Number::from_f64(0.1).unwrap(), n("0.1"));
    assert_eq!(Number::from_f64(f64::INFINITY), Some(Number::infinity()));
}

#[test]
fn modulo_follows_go_cty() {
    // Expected texts from go-cty's Value.Modulo steps on Go's big.Float.
    let cases = [
        ("7", "3", "1"),
        ("-7", "3", "-1"),
        ("7", "-3", "1"),
        ("-5.5", "2", "-1.5"),
        ("5.5", "0.5", "0"),
        ("1e30", "7", "1"),
        ("-1e30", "7", "-1"),
        ("0.3", "0.1", "0"),
        ("10.5", "0.1", "0"),
        ("1", "0.3", "0.099999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999955"),
        ("1e-10", "3e-11", "0.000000000009999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999992"),
        ("123.456", "7.89", "5.105999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999996"),
        ("2", "5", "2"),
        ("5", "0", "5"),
        ("-9223372036854775808", "-1", "0"),
    ];
    for (a, b, want) in cases {
        assert_eq!(n(a).rem(&n(b)).unwrap().to_string(), want, "{a} % {b}");
    }
    let x = pow2(256).add(&Number::from(5)).unwrap();
    assert_eq!(x.rem(&pow2(128)).unwrap(), Number::from(5));
    // With an infinite operand, go-cty returns the product.
    assert_eq!(
        Number::from(5).rem(&Number::infinity()).unwrap(),
        Number::infinity()
    );
    assert_eq!(
        Number::neg_infinity().rem(&Number::from(2)).unwrap(),
        Number::neg_infinity()
    );
    assert_eq!(
        Number::infinity().rem(&Number::zero()),
        Err(NumberError::NotANumber)
    );
}

#[test]
fn division_by_zero_is_infinite_as_in_go() {
    assert_eq!(
        Number::from(1).div(&Number::zero()).unwrap(),
        Number::infinity()
    );
    assert_eq!(
        n("-0.5").div(&Number::zero()).unwrap(),
        Number::neg_infinity()
    );
    assert_eq!(
        Number::infinity().div(&Number::from(-2)).unwrap(),
        Number::neg_infinity()
    );
}

#[test]
fn rounding_to_integers() {
    let cases = [
        ("2.5", "2", "3", "2"),
        ("-2.5", "-3", "-2", "-2"),
        ("7", "7", "7", "7"),
        ("0.000001", "0", "1", "0"),
        ("-0.000001", "-1", "0", "0"),
        (
            "123456789012345678901.5",
            "123456789012345678901",
            "123456789012345678902",
            "123456789012345678901",
        ),
    ];
    for (x, floor, ceil, trunc) in cases {
        assert_eq!(n(x).floor(), n(floor), "floor {x}");
        assert_eq!(n(x).ceil(), n(ceil), "ceil {x}");
        assert_eq!(n(x).trunc(), n(trunc), "trunc {x}");
    }
}

#[test]
fn pow_is_exact_for_integer_results() {
    let cases = [
        ("3", "40", "12157665459056928801"),
        ("-2", "63", "-9223372036854775808"),
        ("-2", "64", "18446744073709551616"),
        ("10", "-3", "0.001"),
        ("0.5", "3", "0.125"),
        ("1.5", "2", "2.25"),
        ("0", "5", "0"),
        ("0", "-1", "+Inf"),
        ("7", "0", "1"),
        ("-1", "1000001", "-1"),
        ("4", "0.5", "2"),
    ];
    for (a, b, want) in cases {
        assert_eq!(n(a).pow(&n(b)).unwrap().to_string(), want, "{a}^{b}");
    }
    let inf = Number::infinity();
    assert_eq!(
        Number::neg_infinity().pow(&n("3")).unwrap(),
        Number::neg_infinity()
    );
    assert_eq!(inf.pow(&n("-1")).unwrap(), Number::zero());
    assert_eq!(n("0.5").pow(&inf).unwrap(), Number::zero());
    assert_eq!(n("2").pow(&inf).unwrap(), inf);
    assert_eq!(n("2").pow(&Number::neg_infinity()).unwrap(), Number::zero());
    assert_eq!(n("-1").pow(&inf).unwrap(), Number::one());
    // 1/3^5 is rounded once from the exact power.
    assert_eq!(
        n("3").pow(&n("-5")).unwrap(),
        Number::one().div(&n("243")).unwrap()
    );
    // A long non-integer power is close to the exact one.
    let approx = n("1.1").pow(&n("1000")).unwrap();
    let exact = (0..1000).fold(Number::one(), |acc, _| acc.mul(&n("1.1")).unwrap());
    let rel = approx.sub(&exact).unwrap().div(&exact).unwrap().abs();
    assert!(rel < pow2(-500), "{rel}");
}

/// Non-integers with a mantissa of at most 64 bits are stored inline; equal
/// numbers must still compare, hash and print alike however they were made.
#[test]
fn number_short_binary_fractions_keep_one_representation() {
    let hash = |x: &Number| {
        let mut h = DefaultHasher::new();
        x.hash(&mut h);
        h.finish()
    };
    let half = n("0.5");
    let ways = [
        Number::from(1).div(&Number::from(2)).unwrap(),
        n("5e-1"),
        Number::from_f64(0.5).unwrap(),
        n("0.25").add(&n("0.25")).unwrap(),
        n("1.5").sub(&Number::from(1)).unwrap(),
        n("-0.5").neg(),
        n("0.1").add(&n("0.4")).unwrap(),
    ];
    for x in &ways {
        assert_eq!(*x, half, "{x}");
        assert_eq!(hash(x), hash(&half), "{x}");
        assert_eq!(x.to_string(), "0.5");
        assert!(!x.is_integer());
    }
    // 64-bit mantissas stay inline, 65-bit ones do not; both behave alike.
    let two64 = Number::from(2).pow(&Number::from(64)).unwrap();
    let wide = two64
        .sub(&Number::from(1))
        .unwrap()
        .div(&Number::from(1024))
        .unwrap();
    let wider = two64
        .add(&Number::from(1))
        .unwrap()
        .div(&Number::from(1024))
        .unwrap();
    assert!(matches!(
        (&half.0, &wide.0, &wider.0),
        (Repr::Frac(_), Repr::Frac(_), Repr::Big(_))
    ));
    assert_eq!(wider.sub(&wide).unwrap(), n("0.001953125"));
    assert_eq!(
        wide.mul(&Number::from(1024))
            .unwrap()
            .add(&Number::from(1))
            .unwrap(),
        two64
    );
    assert_eq!(wide.to_f64(), 18014398509481984.0);
    assert_eq!(n("-2.25").floor(), Number::from(-3));
    assert_eq!(n("-2.25").to_f64(), -2.25);
    assert_eq!(n("-2.25").signum(), -1);
    assert!(n("0.375") < n("0.5") && n("0.5") < n("0.51"));
    assert_eq!(n("0.375").to_string_exact(), "0.375");
}
