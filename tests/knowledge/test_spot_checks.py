

def test_integer_modulo_and_floor_division_do_not_raise() -> None:
    # Sampled floats in [0, 1) cast to int become 0: a zero divisor raises for a value reason.
    for name in ("Tensor.__mod__", "Tensor.__floordiv__", "Tensor.__rmod__", "Tensor.__imod__"):
        facts = K.op(name)
        assert facts is not None and not facts.raises_on_int, name
