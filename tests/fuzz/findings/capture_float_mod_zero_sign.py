# Captured minipy folds a float `%` whose result is zero with the sign of the dividend
# (C fmod); Python gives it the sign of the divisor. CPython and eager minipy print
# 0.0 and -0.0 below, captured minipy -0.0 and 0.0. The folder is fold_float in
# include/lasso/translator/fold.hpp (remainder). Found by seeds 4163 and 4308.
@capture
def f(x, k):
    return x * 2, k % 3, k % -3
print(f(tensor([1.0]), -0.0))
print(f(tensor([1.0]), 3.0))
