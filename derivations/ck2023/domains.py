"""The domains of the paper's quantified variables, shared by the statements as code (issue 19).

Keys follow the symbols the checks build (model.system: entries a11, b1, c1 of "a", "b", "c"; the teacher's
ah, bh, ch), so that the engine can see in which declared variable an argument is made; the matrices and the
response sequences are declared families (family()), so their entries stand for them.
"""

import symrnn as sr

d = sr.integer(1, text="the student's state dimension d >= 1")
dh = sr.integer(1, text="the teacher's state dimension d^ >= 1")
k = sr.integer(1, text="the training sequence length k >= 1")
q = sr.integer(1, text="a horizon q in N")
eps = sr.nonnegative(text="eps >= 0")

STUDENT = {
    "d": d,
    "a": sr.given("the student's transition matrix A in R^{d x d}, A = A^T").family(),
    "b": sr.given("the student's input matrix B in R^{d x 1}").family(),
    "c": sr.given("the student's output matrix C in R^{1 x d}").family(),
}
TEACHER = {
    "dh": dh,
    "ah": sr.given("the teacher's transition matrix A^ in R^{d^ x d^}, A^ = A^T").family(),
    "bh": sr.given("the teacher's B^ in R^{d^ x 1}").family(),
    "ch": sr.given("the teacher's C^ in R^{1 x d^}").family(),
}


def student(**more):
    return {**STUDENT, **more}


def student_teacher(**more):
    return {**STUDENT, **TEACHER, **more}

# App. E.4 (Proposition 9's proof): the student's transition matrix is any real matrix
STUDENT_GENERAL = {**STUDENT, "a": sr.given("the student's transition matrix A in R^{d x d} (any real matrix, App. E.4)").family()}
RESPONSES = sr.real(text="the teacher responses w_i = C^A^^iB^ (w_0 > 0 in App. E.4)").family()
