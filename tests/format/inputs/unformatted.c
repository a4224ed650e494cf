// A file the format check must refuse (tests/format/CMakeLists.txt).
int  f(int x){return x ;}
