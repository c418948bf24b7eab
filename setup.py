"""Build hook for the compiled core: the Cython extensions under ``arbitre.engine``."""

from Cython.Build import cythonize
from setuptools import Extension, setup

extensions = [
    Extension(
        "arbitre.engine._automaton",
        ["services/arbitre/engine/_automaton.pyx"],
        extra_compile_args=["-O3"],
    ),
    Extension(
        "arbitre.engine._movegen",
        ["services/arbitre/engine/_movegen.pyx"],
        extra_compile_args=["-O3"],
    ),
]

setup(
    ext_modules=cythonize(
        extensions,
        compiler_directives={"language_level": "3"},
        include_path=["services"],  # for `cimport arbitre.engine._arcs`
    )
)
