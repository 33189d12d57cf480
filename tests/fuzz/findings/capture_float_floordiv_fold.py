# Captured minipy folds float `//` as floor(a / b), which rounds the quotient before
# flooring; Python floors the exact quotient (via fmod). CPython and eager minipy print
# 9.0, captured minipy 10.0. The folder is fold_float in
# include/lasso/translator/fold.hpp (floor_divide). Found while checking the `%` finding.
@capture
def f(x, a, b):
    return x * 2, a // b
print(f(tensor([1.0]), 1.0, 0.1))
