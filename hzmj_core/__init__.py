"""hzmj_core: the rules engine of Hangzhou Mahjong (杭州麻将).

Pure standard-library Python; runs on CPython 3.11+ and in Pyodide (Python 3.14).
"""

__version__ = "0.1.0"
