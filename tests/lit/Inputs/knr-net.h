/* An old header: declarations without parameters. */
float squash();
void forward();
int count_calls();
/* A member named by a C++ keyword. */
struct shape { int class; };
