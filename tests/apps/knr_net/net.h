float squash();
void layerforward();
int layer_calls();
void adjust();
