/* An old header: declarations without parameters. */
float squash();
void forward();
int count_calls();
